"""Policy reads and answers: random app names, signed documents replayed or redirected against
`launchgate check`, and thin clients' /check on the hot path."""
import json, os, random, socket, string, subprocess, threading, time
import http.server
import urllib.error, urllib.request
from .common import RSS_BUDGET_KB, Reader, client_header, cpu_seconds, exchange, fail, launchgate, ok, port, public_key, request, rss_kb, settle, short, token
from .slow_clients import never_reads


# Many random app names, each with a fresh install ID.
def random_app_names():
    count = 5000 if short else 20000
    settle()
    before = rss_kb()
    rng = random.Random(99)
    lock = threading.Lock()
    statuses = {}
    deadline = time.monotonic() + (60 if short else 240)
    def worker(share):
        sock, reader = None, None
        sent = 0
        while sent < share and time.monotonic() < deadline:
            if sock is None:
                sock = socket.create_connection(("127.0.0.1", port), timeout=5)
                reader = Reader(sock, deadline)
            batch = min(50, share - sent)
            names = ["".join(rng.choice(string.ascii_lowercase + string.digits) for _ in range(rng.randint(1, 64))) for _ in range(batch)]
            payload = b"".join(request(f"/v1/apps/{n}/policy?platform=ios",
                                       f"LaunchGate-Client: {client_header(os.urandom(16).hex())}\r\n") for n in names)
            try:
                sock.sendall(payload)
            except OSError:
                sock.close(); sock = None; continue
            for _ in range(batch):
                answer = reader.response()
                if answer is None:
                    sock.close(); sock = None
                    with lock: statuses["none"] = statuses.get("none", 0) + 1
                    break
                with lock: statuses[answer[0]] = statuses.get(answer[0], 0) + 1
            sent += batch
        if sock: sock.close()
    threads = [threading.Thread(target=worker, args=(count // 8,)) for _ in range(8)]
    started = time.monotonic()
    for t in threads: t.start()
    for t in threads: t.join(max(1, deadline - time.monotonic() + 5))
    elapsed = time.monotonic() - started
    settle()
    after = rss_kb()
    total = sum(statuses.values())
    print(f"     {total} random app names in {elapsed:.1f} s: statuses {statuses}; RSS {before // 1024} -> {after // 1024} MB")
    if total < count:
        fail(f"only {total} of {count} random app-name requests were answered in time")
    bad = {s: n for s, n in statuses.items() if s == "none" or s >= 500 or s not in (404,)}
    if bad:
        fail(f"random app names: answers other than 404: {bad}")
    else:
        ok(f"{total} random app names each get 404")
    (ok if after - before < RSS_BUDGET_KB else fail)(f"random app names leave RSS bounded (+{(after - before) // 1024} MB, budget 50 MB)")
    # Idle CPU back near zero: measured over 3 s, well after the load stopped.
    time.sleep(1)
    start_cpu, start = cpu_seconds(), time.monotonic()
    time.sleep(3)
    share = (cpu_seconds() - start_cpu) / (time.monotonic() - start)
    (ok if share < 0.05 else fail)(f"idle CPU after the load: {share * 100:.1f} % of a core (want < 5 %)")


# Replayed and redirected signed documents against `launchgate check`.
def replayed_documents():
    upstream = f"http://127.0.0.1:{port}"
    def fetch(path):
        with urllib.request.urlopen(upstream + path, timeout=5) as r:
            return r.status, r.headers, r.read()  # headers: case-insensitive lookups
    # A policy with both platforms, so there is a signed Android document to replay.
    both = {"schemaVersion": 1, "app": "demo", "platforms": {
        "ios": {"latest": {"version": "2.4.1"}, "required": {"version": "2.0.0"}, "updateURL": "https://apps.apple.com/app/id1"},
        "android": {"latest": {"version": "2.4.1"}}}}
    publish = urllib.request.Request(upstream + "/v1/admin/apps/demo/policy", data=json.dumps(both).encode(), method="PUT",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(publish, timeout=10) as r:
        assert r.status == 201, r.status
    android = fetch("/v1/apps/demo/policy?platform=android")
    class Proxy(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args): pass
        def do_GET(self):
            if self.path.startswith("/replay/"):
                status, headers, body = android
                self.send_response(200)
                for name in ("Content-Type", "LaunchGate-Signature", "ETag", "Cache-Control"):
                    if headers.get(name):
                        self.send_header(name, headers[name])
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            elif self.path.startswith("/redirect/"):
                self.send_response(302)
                self.send_header("Location", upstream + "/v1/apps/demo/policy?platform=android")
                self.send_header("Content-Length", "0")
                self.end_headers()
            else:
                self.send_response(404); self.send_header("Content-Length", "0"); self.end_headers()
    proxy = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Proxy)
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    proxy_base = f"http://127.0.0.1:{proxy.server_address[1]}"
    def check(url):
        run = subprocess.run([launchgate, "check", "--url", url, "--version", "1.0.0", "--platform", "ios", "--key", public_key],
                             capture_output=True, text=True, timeout=30)
        return run.returncode, (run.stdout + run.stderr).strip().replace("\n", " | ")
    try:
        code, out = check(upstream + "/v1/apps/demo/policy?platform=ios")
        if code != 0:
            fail(f"launchgate check against the real iOS document failed: {out}")
        # Each must be refused for its own reason, not for any failure (a crash or a timeout is not a pass).
        for name, path, reason in (("replayed", "/replay/v1/apps/demo/policy?platform=ios", "not about this app"),
                                   ("redirected", "/redirect/v1/apps/demo/policy?platform=ios", "was redirected to")):
            code, out = check(proxy_base + path)
            if code != 0 and reason in out:
                ok(f"a signed ?platform=android document {name} to an iOS check is refused ({out[:120]})")
            elif code != 0:
                fail(f"a {name} document was refused, but not because it was {name}: {out[:160]}")
            else:
                fail(f"a signed ?platform=android document {name} to an iOS check was accepted: {out[:160]}")
    finally:
        proxy.shutdown()


# Thin clients' /check, answered on the hot path: a pipeliner that never reads, many distinct
# versions and installs (the answer table is bounded), and each answer matching its own request
# while hot-path and router answers interleave on one connection.
#
# The policy is published here, so the expected answers don't depend on which checks ran before.
# Decisions depend on the version alone (no build, OS or rollout rules), in five bands whose answers
# all differ, so two answers that trade places are caught whenever their bands differ.
CHECK_POLICY = {"schemaVersion": 1, "app": "demo", "platforms": {"ios": {
    "latest": {"version": "2.4.1", "notes": "Faster sync."}, "required": {"version": "2.0.0"},
    "recommended": {"version": "2.3.0"}, "blocked": {"versions": ["2.2.0"]},
    "updateURL": "https://apps.apple.com/app/id1"}}}


# One version per band: required, blocked, recommended, available, up to date.
CHECK_BANDS = {"required": "1.9.0", "blocked": "2.2.0", "recommended": "2.1.0", "available": "2.3.5", "upToDate": "2.4.1"}


# Warmed once before the pipelined rounds, so the hot path answers them from then on.
WARM_VERSIONS = ["0.9.0", "1.9.0", "2.0.0", "2.1.0", "2.2.0", "2.3.0", "2.3.5", "2.4.0", "2.4.1", "3.0.0"]


WARM_QUERY = "platform=ios&version={}&build=100&install=warm"


def check_band(version):
    """Which answer CHECK_POLICY gives an x.y.z version."""
    v = tuple(int(part) for part in version.split("."))
    if v < (2, 0, 0): return "required"
    if v == (2, 2, 0): return "blocked"
    if v < (2, 3, 0): return "recommended"
    if v < (2, 4, 1): return "available"
    return "upToDate"


def fast_path_answers():
    """The server's count of answers sent from the hot path."""
    for line in exchange(request("/metrics", f"Authorization: Bearer {token}\r\n"), 1)[0][2].decode().splitlines():
        if line.startswith("launchgate_fast_path_responses_total "):
            return float(line.split()[1])
    return 0.0


def check_endpoint():
    never_reads("/v1/apps/demo/check?platform=ios&version=1.9.0&build=190&os=17.4&install=pipeline")
    upstream = f"http://127.0.0.1:{port}"
    publish = urllib.request.Request(upstream + "/v1/admin/apps/demo/policy", data=json.dumps(CHECK_POLICY).encode(), method="PUT",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(publish, timeout=10) as r:
        assert r.status == 201, r.status
    # The expected answers: one request at a time per band, and the warm versions (each twice, so
    # the second is the hot path's) must agree with their band, or the expectation itself is wrong.
    reference = {}
    for band, version in CHECK_BANDS.items():
        answers = exchange(request(f"/v1/apps/demo/check?platform=ios&version={version}&build=7&install=reference"), 1)
        assert answers and answers[0][0] == 200, f"reference request for {version}: {answers[:1]}"
        reference[band] = json.loads(answers[0][2])
    decisions = {band: body["decision"] for band, body in reference.items()}
    if len({json.dumps(body, sort_keys=True) for body in reference.values()}) != len(reference):
        fail(f"/check: the five bands' answers are not all different, so swaps can't be seen: {decisions}")
    for version in WARM_VERSIONS:
        for _ in range(2):
            answers = exchange(request(f"/v1/apps/demo/check?{WARM_QUERY.format(version)}"), 1)
            if not answers or answers[0][0] != 200 or json.loads(answers[0][2]) != reference[check_band(version)]:
                fail(f"/check {version} one request at a time: {answers[0][:1] if answers else 'no answer'} "
                     f"{answers[0][2][:200] if answers else ''}, want the {check_band(version)} answer")
                return
    print(f"     expected decisions by band: {decisions}")

    settle()
    before = rss_kb()
    fast_before = fast_path_answers()
    rng = random.Random(7)
    count = 5000 if short else 40000
    deadline = time.monotonic() + (60 if short else 240)
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    reader = Reader(sock, deadline)
    started = time.monotonic()
    answered, lost, wrong, sent_warm, sent_cold = 0, 0, [], 0, 0
    while answered < count and time.monotonic() < deadline and not lost:
        # Parts of (path, status, expected JSON body or bytes it must hold): warm versions first
        # (the hot path's, once every request before them is answered), then a cold one (a version
        # and build not seen yet, which only the router answers), then more warm ones, which must
        # wait for it. Parts go out with short pauses, so some arrive while router answers are
        # still being made and some after: fast and router answers alternate on the connection.
        def warm():
            version = rng.choice(WARM_VERSIONS)
            return (f"/v1/apps/demo/check?{WARM_QUERY.format(version)}", 200, reference[check_band(version)])
        def cold():
            version = f"{rng.randint(0, 3)}.{rng.randint(0, 9)}.{rng.randint(0, 9)}"
            path = f"/v1/apps/demo/check?platform=ios&version={version}&build={rng.randint(1000, 999999)}&install={os.urandom(8).hex()}"
            return (path, 200, reference[check_band(version)])
        parts = []
        for _ in range(10):
            part = [warm() for _ in range(rng.randint(0, 4))] + [cold()] + [warm() for _ in range(rng.randint(0, 2))]
            if rng.random() < 0.25:
                part.insert(rng.randint(0, len(part)), ("/v1/apps/demo/check?version=bad", 400, b'"invalid-version"'))
            if rng.random() < 0.25:
                part.insert(rng.randint(0, len(part)), ("/healthz", 200, b'"ok"'))
            parts.append(part)
        batch = [entry for part in parts for entry in part]
        sent_warm += sum(1 for path, _, _ in batch if "install=warm" in path)
        sent_cold += sum(1 for path, _, _ in batch if "install=warm" not in path and "build=" in path)
        for part in parts:
            sock.sendall(b"".join(request(path) for path, _, _ in part))
            time.sleep(rng.choice([0, 0.001, 0.003]))
        for path, status, expected in batch:
            answer = reader.response()
            if answer is None:
                lost += 1
                # Out of time is a slow server (a loaded machine, a debug build); closed is a lost connection.
                how = "the check's time ran out" if reader.timed_out else "the server closed the connection"
                print(f"     no answer to request {answered + 1} ({path}): {how} after {time.monotonic() - started:.1f} s")
                break
            answered += 1
            got_status, _, body = answer
            if isinstance(expected, dict):
                try:
                    good = got_status == status and json.loads(body) == expected
                except ValueError:
                    good = False
            else:
                good = got_status == status and expected in body
            if not good:
                want = expected.get("decision") if isinstance(expected, dict) else expected.decode()
                wrong.append(f"{path} -> {got_status} {body[:160]!r} (want {status} {want})")
    sock.close()
    fast = fast_path_answers() - fast_before
    settle()
    after = rss_kb()
    print(f"     {answered} /check and other requests pipelined ({sent_warm} warm, {sent_cold} cold), "
          f"{fast:.0f} answered on the hot path; RSS {before // 1024} -> {after // 1024} MB")
    outcome = "no connection lost" if not lost else "out of time" if reader.timed_out else "the connection lost"
    (ok if not lost and answered >= count else fail)(f"/check answered {answered} of {count} pipelined requests ({outcome})")
    (ok if not wrong else fail)(f"each pipelined /check answer is its own request's, among 400s and other routes ({len(wrong)} wrong"
                                + (f", e.g. {wrong[0]}" if wrong else "") + ")")
    # Interleaved means both paths answered on the one connection: a run the router answered alone
    # would not test the hot path's ordering at all.
    (ok if fast >= sent_warm / 10 and fast < answered else fail)(
        f"hot-path and router answers interleave ({fast:.0f} of {answered} from the hot path, want at least {sent_warm // 10})")
    (ok if after - before < RSS_BUDGET_KB else fail)(f"/check over many versions and installs leaves RSS bounded (+{(after - before) // 1024} MB)")
