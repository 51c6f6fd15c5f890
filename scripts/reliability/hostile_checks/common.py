"""What the families of hostile checks share: the arguments hostile.py was given, the verdict lines,
the server's memory and CPU, raw HTTP/1.1 requests and responses read with a deadline, connections
from a chosen loopback address, and second servers for the checks that need one of their own."""
import os, socket, subprocess, sys, time

port, server_pid, token, public_key, launchgate = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
short = "--short" in sys.argv
timeouts = None
if "--timeouts" in sys.argv:
    i = sys.argv.index("--timeouts")
    timeouts = (float(sys.argv[i + 1]), float(sys.argv[i + 2]))
failures = []
POLICY = "/v1/apps/demo/policy?platform=ios"
RSS_BUDGET_KB = 50 * 1024


def ok(message): print(f"ok   {message}", flush=True)
def fail(message):
    failures.append(message)
    print(f"FAIL {message}", flush=True)


def rss_kb(pid=None):
    with open(f"/proc/{pid or server_pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_seconds():
    with open(f"/proc/{server_pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def client_header(install):
    # Exactly AppInfo.clientHeader(installID:) for 1.9.0 (190) on iOS 17.4.
    return f'version="1.9.0", build="190", platform="ios", os="17.4", install="{install}"'


def request(path, extra=""):
    return (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n{extra}\r\n").encode()


class Reader:
    """Reads whole HTTP/1.1 responses (Content-Length bodies) from a socket, with a deadline."""
    def __init__(self, sock, deadline):
        self.sock, self.deadline, self.buffer, self.closed = sock, deadline, b"", False
        self.timed_out = False

    def _fill(self):
        remaining = self.deadline - time.monotonic()
        if self.closed:
            return False
        if remaining <= 0:
            self.closed = self.timed_out = True
            return False
        self.sock.settimeout(remaining)
        try:
            chunk = self.sock.recv(65536)
        except socket.timeout:
            self.closed = self.timed_out = True
            return False
        except ConnectionResetError:
            self.closed = True
            return False
        if not chunk:
            self.closed = True
            return False
        self.buffer += chunk
        return True

    def response(self):
        """(status, headers dict, body), or None when the connection ended or the deadline passed."""
        while b"\r\n\r\n" not in self.buffer:
            if len(self.buffer) > 1 << 20 or not self._fill():
                return None
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ", 2)
        status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else -1
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0") or 0)
        while len(self.buffer) < length:
            if not self._fill():
                return None
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        return status, headers, body


def exchange(payload, count, seconds=10, status=None, at_port=None):
    """Sends payload on a new connection and reads up to `count` responses. With a `status` dict,
    sets status["timed_out"] when the server neither answered nor closed in time. `at_port` talks
    to another server than the one under test (a check that starts its own)."""
    sock = socket.create_connection(("127.0.0.1", port if at_port is None else at_port), timeout=5)
    try:
        sock.sendall(payload)
        reader = Reader(sock, time.monotonic() + seconds)
        answers = []
        for _ in range(count):
            answer = reader.response()
            if answer is None:
                break
            answers.append(answer)
        if status is not None:
            status["timed_out"] = reader.timed_out
        return answers
    finally:
        sock.close()


def send_from(source, to_port, data, seconds=10):
    """Sends raw request bytes on a new connection from `source` and reads one response, or None."""
    sock = socket.create_connection(("127.0.0.1", to_port), timeout=10, source_address=(source, 0))
    try:
        sock.sendall(data)
        return Reader(sock, time.monotonic() + seconds).response()
    finally:
        sock.close()


def settle():
    """Gives the allocator a moment after a burst; bounded."""
    time.sleep(1.0)


def connect_from(source, to_port, timeout=5, receive_buffer=None):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    if receive_buffer:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    s.bind((source, 0))
    s.connect(("127.0.0.1", to_port))
    return s


def served_in(source, to_port, seconds):
    """Seconds until a /healthz sent from `source` is answered 200, or None."""
    started = time.monotonic()
    try:
        s = connect_from(source, to_port, timeout=seconds)
    except OSError:
        return None
    try:
        s.sendall(request("/healthz"))
        answer = Reader(s, started + seconds).response()
        return time.monotonic() - started if answer and answer[0] == 200 else None
    except OSError:
        return None
    finally:
        s.close()


def metric(to_port, admin, name):
    """A counter or gauge from the server's /metrics, asked from another address; -1 if absent."""
    s = connect_from("127.0.0.3", to_port)
    try:
        s.sendall(request("/metrics", f"Authorization: Bearer {admin}\r\n"))
        answer = Reader(s, time.monotonic() + 10).response()
    finally:
        s.close()
    for line in (answer[2].decode() if answer else "").splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return float(line.split()[-1])
    return -1


def spawn_server(*flags, database=None):
    """Another `launchgate serve --demo` on a free port with its own database: (port, process, admin token).
    `database` (a SQLite path or a PostgreSQL URL) names one instead: a restart on the same data, or PostgreSQL
    for a race; the admin token is printed only when the database is new."""
    import tempfile
    work = tempfile.mkdtemp(prefix="hostile-")
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    free = probe.getsockname()[1]
    probe.close()
    env = dict(os.environ, LAUNCHGATE_DATABASE_URL=database or os.path.join(work, "serve.sqlite"), LOG_LEVEL="warning")
    log_path = os.path.join(work, "serve.log")
    with open(log_path, "w") as log:
        process = subprocess.Popen([launchgate, "serve", "--host", "127.0.0.1", "--port", str(free), "--demo", *flags],
                                   env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if served_in("127.0.0.1", free, 1) is not None:
            break
        time.sleep(0.2)
    banner = open(log_path).read()
    marker = "Admin token (shown once, stored hashed): "
    admin = banner.split(marker, 1)[1].split()[0] if marker in banner else ""
    return free, process, admin


def stop(process):
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
