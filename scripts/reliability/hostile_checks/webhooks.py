"""Webhooks against a hostile receiver (attack s14, issue 30): SSRF at add time and at delivery on the
server under test (which runs without --webhook-allow-private), and, on a second server that allows
loopback receivers, replayed and altered deliveries, redelivery's webhook-id, secrets kept out of
answers, the CLI and the log, and floods: events past the per-endpoint cap, and receivers that stall,
drip, answer 10 MB, redirect forever or close mid-answer, while policy reads stay fast."""
import base64, hashlib, hmac, json, socket, threading, time
import urllib.error, urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from .common import fail, ok, port, token

# Every form of a private address that a URL can carry. The second list names loopback through forms
# that getaddrinfo reads as addresses (or a name); until H1 was fixed those were refused only at delivery.
LITERALS = ["https://127.0.0.1/", "https://[::1]/", "https://[::ffff:127.0.0.1]/", "https://[::ffff:7f00:1]/",
            "https://[0:0:0:0:0:ffff:127.0.0.1]/", "https://[::127.0.0.1]/", "https://[64:ff9b::7f00:1]/", "https://[fe80::1]/",
            "https://[fe80::1%25lo]/", "https://[fc00::1]/", "https://[::]/", "https://0.0.0.0/", "https://10.0.0.1/",
            "https://172.16.0.1/", "https://192.168.1.1/", "https://169.254.169.254/", "https://[::ffff:a9fe:a9fe]/",
            "https://100.64.0.1/", "https://198.18.0.1/", "https://255.255.255.255/", "HTTPS://127.0.0.1:443/",
            "https://%31%32%37.0.0.1/", "https://good@127.0.0.1/", "https://good:pw@example.com/", "https://127.0.0.1\\@example.com/",
            "https://example.com\\@127.0.0.1/", "http://example.com/", "https://example.com/#x", "file:///etc/passwd",
            "javascript:alert(1)", "https:///x", "https://example.com/" + "a" * 3000]
DISGUISED = ["https://127.1:{p}/", "https://2130706433:{p}/", "https://0x7f000001:{p}/", "https://0177.0.0.1:{p}/",
             "https://0x7f.0.0.1:{p}/", "https://127.0.0.1.:{p}/", "https://0:{p}/", "https://localhost:{p}/", "https://localhost.:{p}/"]


def api(method, path, body=None, at_port=None, admin=None):
    """(status, parsed JSON or text) from the admin API."""
    data = json.dumps(body).encode() if body is not None else None
    call = urllib.request.Request(f"http://127.0.0.1:{at_port or port}{path}", data=data, method=method,
                                  headers={"Authorization": f"Bearer {admin or token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(call, timeout=20) as answer:
            text = answer.read().decode()
            return answer.status, json.loads(text) if text else None
    except urllib.error.HTTPError as error:
        text = error.read().decode()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, text


def error_shape(body):
    """Whether a body is the one JSON error shape: {"error": {"code", "message"}} and nothing else."""
    return (isinstance(body, dict) and list(body) == ["error"] and isinstance(body["error"], dict)
            and set(body["error"]) == {"code", "message"})


def remove_all(app="demo", at_port=None, admin=None):
    status, endpoints = api("GET", f"/v1/admin/apps/{app}/webhooks", at_port=at_port, admin=admin)
    for endpoint in endpoints if status == 200 else []:
        api("DELETE", f"/v1/admin/apps/{app}/webhooks/{endpoint['id']}", at_port=at_port, admin=admin)


def ssrf_literals_at_add():
    wrong = []
    for url in LITERALS:
        status, body = api("POST", "/v1/admin/apps/demo/webhooks", {"url": url})
        if status != 400 or not error_shape(body):
            wrong.append(f"{url[:50]} -> {status} {str(body)[:80]}")
    remove_all()
    (fail if wrong else ok)(f"{len(LITERALS)} private, credentialed, non-https and overlong URLs refused at add with 400 "
                            f"and the JSON error shape{': ' + '; '.join(wrong[:4]) if wrong else ''}")


def ssrf_disguised_at_add():
    """H1 (attack s14): loopback in forms the resolver reads as addresses, and names for it, are refused at add."""
    wrong = []
    for url in DISGUISED:
        status, body = api("POST", "/v1/admin/apps/demo/webhooks", {"url": url.format(p=443)})
        if status != 400 or not error_shape(body):
            wrong.append(f"{url.format(p=443)} -> {status}")
        remove_all()
    (fail if wrong else ok)(f"loopback as 127.1, decimal, hex, octal, a trailing dot, 0 and localhost refused at add"
                            f"{': ' + ', '.join(wrong) if wrong else ''}")


class Listener:
    """A TCP listener on every address that only counts the connections it gets."""
    def __init__(self):
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("0.0.0.0", 0))
        self.sock.listen(64)
        self.sock.settimeout(0.5)
        self.port, self.connections, self.running = self.sock.getsockname()[1], [], True
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while self.running:
            try:
                connection, address = self.sock.accept()
                self.connections.append(address)
                connection.close()
            except OSError:
                continue

    def close(self):
        self.running = False
        self.sock.close()


def ssrf_disguised_at_delivery():
    listener = Listener()
    try:
        added = []
        for url in DISGUISED:
            status, body = api("POST", "/v1/admin/apps/demo/webhooks", {"url": url.format(p=listener.port)})
            if status == 201:
                added.append(body["id"])
                api("POST", f"/v1/admin/apps/demo/webhooks/{body['id']}/test")
        deadline, tried = time.monotonic() + 20, []
        while time.monotonic() < deadline:
            status, rows = api("GET", "/v1/admin/apps/demo/webhooks/deliveries")
            tried = [r for r in rows if r.get("endpointId") in added and r.get("attempts", 0) >= 1] if status == 200 else []
            if len(tried) >= len(added):
                break
            time.sleep(0.5)
        delivered = [r for r in tried if r.get("state") == "delivered"]
        good = len(tried) >= len(added) and not delivered and not listener.connections
        (ok if good else fail)(f"{len(added)} endpoints disguising loopback: every attempt refused before connecting "
                               f"({len(tried)} tried, {len(delivered)} delivered, {len(listener.connections)} connections to the listener)")
    finally:
        listener.close()
        remove_all()


class Receiver:
    """A loopback receiver: /ok (and /slow, after 0.5 s) records and answers 204; /stall, /drip, /big, /loop and /close misbehave."""
    def __init__(self, stall=30):
        received, self.hits = [], {}
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0") or 0))
                path = self.path.split("?")[0]
                outer.hits[path] = outer.hits.get(path, 0) + 1
                try:
                    if path == "/stall":
                        time.sleep(stall)
                    elif path == "/drip":
                        self.send_response(200)
                        self.send_header("Content-Length", "100000")
                        self.end_headers()
                        for _ in range(stall):
                            self.wfile.write(b"x")
                            self.wfile.flush()
                            time.sleep(1)
                    elif path == "/big":
                        self.send_response(200)
                        self.send_header("Content-Length", str(10 << 20))
                        self.end_headers()
                        chunk = b"y" * 65536
                        for _ in range(160):
                            self.wfile.write(chunk)
                    elif path == "/loop":
                        self.send_response(307)
                        self.send_header("Location", "/loop")
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                    elif path == "/close":
                        self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\nshort")
                        self.wfile.flush()
                        self.connection.shutdown(socket.SHUT_RDWR)
                    else:
                        if path == "/slow":
                            time.sleep(0.5)
                        received.append({"path": path, "body": body, "headers": {k.lower(): v for k, v in self.headers.items()}})
                        self.send_response(204)
                        self.end_headers()
                except OSError:
                    pass

        self.received = received
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def verifies(delivery, secret, body=None, headers=None):
    """The Standard Webhooks check, as docs/webhooks.md gives it."""
    headers = headers or delivery["headers"]
    body = delivery["body"] if body is None else body
    key = base64.b64decode(secret[len("whsec_"):])
    signed = f"{headers['webhook-id']}.{headers['webhook-timestamp']}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    return any(part == f"v1,{expected}" for part in headers["webhook-signature"].split())


def wait_until(predicate, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return predicate()

