"""Hostile input in requests: odd methods pipelined, long and random URLs, CONNECT and upgrades
followed by streams, bytes past a closing request, HTTP framing, forged text and hidden hosts in
admin calls, and /metrics without a token."""
import json, random, socket, string, time
import urllib.error, urllib.request
from .common import POLICY, RSS_BUDGET_KB, Reader, connect_from, exchange, fail, ok, port, request, rss_kb, short, token


# Odd methods pipelined before prepared GETs: answers come back in order.
def odd_methods_in_order():
    exchange(request(POLICY), 1)  # prepares the hot-path answer
    exchange(request(POLICY), 1)
    cases = [
        ("FOO", b"FOO /v1/apps/demo/policy?platform=ios HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("lowercase get", b"get /v1/apps/demo/policy?platform=ios HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("CONNECT", b"CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n"),
        ("DELETE", b"DELETE /v1/apps/demo/policy?platform=ios HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("OPTIONS *", b"OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n"),
    ]
    for name, first in cases:
        try:
            state = {}
            answers = exchange(first + request(POLICY) * 2, 3, status=state)
        except OSError as error:
            fail(f"{name} then two GETs: {error}"); continue
        statuses = [a[0] for a in answers]
        if not answers:
            fail(f"{name} pipelined before two GETs: no answer at all"); continue
        head_status, _, head_body = answers[0]
        first_is_policy = b'"schemaVersion"' in head_body
        if len(answers) < 3 and state.get("timed_out"):
            fail(f"{name} pipelined before two GETs: {len(answers)} answers {statuses}, then the server neither answered nor closed within 10 s")
        elif first_is_policy or head_status == 200 and name != "OPTIONS *":
            fail(f"{name} pipelined before two GETs: the first answer is {head_status} {'with the policy' if first_is_policy else ''} (statuses {statuses})")
        elif head_status >= 500 and head_status != 501:
            fail(f"{name} pipelined before two GETs: first answer {head_status} (a server error)")
        elif any(s != 200 or b'"schemaVersion"' not in body for s, _, body in answers[1:]):
            fail(f"{name} pipelined before two GETs: later answers out of order: statuses {statuses}")
        else:
            closed = "" if len(answers) == 3 else ", then the server closed the connection"
            ok(f"{name} pipelined before two GETs: status lines in order {statuses}{closed}")
    # HEAD's answer has no body even with a Content-Length, which Reader would wait for: this
    # check reads the raw bytes.
    raw = socket.create_connection(("127.0.0.1", port), timeout=5)
    raw.sendall(b"HEAD /v1/apps/demo/policy?platform=ios HTTP/1.1\r\nHost: x\r\n\r\n" + request(POLICY))
    data, deadline = b"", time.monotonic() + 5
    while data.count(b"HTTP/1.1 ") < 2 and time.monotonic() < deadline:
        raw.settimeout(max(0.1, deadline - time.monotonic()))
        try:
            chunk = raw.recv(65536)
        except socket.timeout:
            break
        if not chunk:
            break
        data += chunk
    raw.close()
    first_status = data.split(b"\r\n", 1)[0]
    second_at = data.find(b"HTTP/1.1 ", 1)
    body_before_second = data[:second_at] if second_at > 0 else data
    if first_status.startswith(b"HTTP/1.1 200") and second_at > 0 and b'"schemaVersion"' not in body_before_second \
            and data[second_at:].startswith(b"HTTP/1.1 200"):
        ok("HEAD then GET on the policy: the HEAD answer has no body and the GET follows")
    else:
        fail(f"HEAD then GET on the policy: got {data[:300]!r}")


# Long and random URLs.
def long_and_random_urls():
    answers = []
    try:
        answers = exchange(request("/v1/apps/demo/policy?platform=ios&x=" + "a" * 80_000), 1)
    except OSError:
        pass
    if answers and 400 <= answers[0][0] < 500:
        ok(f"an 80 KB URL gets {answers[0][0]}")
    elif not answers:
        # Closing the connection is acceptable only if the server is still alive and well.
        alive = exchange(request("/healthz"), 1)
        (ok if alive and alive[0][0] == 200 else fail)("an 80 KB URL: connection closed without an answer; server " + ("healthy" if alive else "NOT answering"))
    else:
        fail(f"an 80 KB URL gets {answers[0][0]} (want 4xx)")
    rng = random.Random(1234)
    alphabet = string.ascii_letters + string.digits + "-._~!$&'()*+,;=:@/?%#[]"
    count = 300 if short else 2000
    server_errors, unanswered = [], 0
    deadline = time.monotonic() + (30 if short else 120)
    done = 0
    for _ in range(count):
        if time.monotonic() > deadline:
            break
        path = "/" + "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 300)))
        if rng.random() < 0.3:
            path = "/v1/apps/" + path.lstrip("/")
        if rng.random() < 0.2:
            path += "%" + rng.choice(["", "0", "zz", "00", "ff", "c0%af"])
        try:
            got = exchange(request(path), 1, seconds=5)
        except OSError:
            got = []
        done += 1
        if not got:
            unanswered += 1
        elif got[0][0] >= 500:
            server_errors.append((got[0][0], path))
    if server_errors:
        fail(f"{len(server_errors)} of {done} random URLs got a 5xx, e.g. {server_errors[0]}")
    else:
        ok(f"{done} random URLs: no 5xx ({unanswered} closed without an answer)")
    if unanswered > done // 10:
        fail(f"{unanswered} of {done} random URLs got no answer at all")


# CONNECT and Upgrade, then a stream of bytes: NIO's decoder stops parsing after either and would
# keep every later byte. The server must refuse and close, so memory can't follow the attacker's bandwidth.
def upgrade_streams():
    before = rss_kb()
    peak = before
    for head in (b"CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n",
                 b"GET / HTTP/1.1\r\nHost: t\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n",
                 b"GET / HTTP/1.1\r\nHost: t\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n"):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(head)
        chunk, sent, closed = b"A" * 65536, 0, False
        deadline = time.monotonic() + 5
        while sent < (256 << 20) and time.monotonic() < deadline:
            try:
                sent += sock.send(chunk)
            except (BrokenPipeError, ConnectionResetError, socket.timeout):
                closed = True
                break
            peak = max(peak, rss_kb())
        sock.close()
        name = head.split(b"\r\n")[0].decode()
        if closed and sent < (64 << 20):
            ok(f"{name!r} then a byte stream: closed after {sent >> 20} MB")
        else:
            fail(f"{name!r} then a byte stream: {sent >> 20} MB accepted in 5 s without a close")
    grew = peak - before
    if grew < RSS_BUDGET_KB:
        ok(f"CONNECT and upgrades followed by streams leave RSS bounded (+{grew // 1024} MB)")
    else:
        fail(f"CONNECT and upgrades followed by streams grew RSS by {grew // 1024} MB")


# Bytes pipelined past a request that closes the connection: NIO's decoder fails on them, and an
# error out of request order once closed the connection before the answers owed to earlier requests.
def past_close():
    rounds = 5 if short else 20
    lost, extra = [], []
    for _ in range(rounds):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        answers = []
        try:
            sock.sendall(request("/nope") * 5 + request("/healthz", "Connection: close\r\n") + b"GET /more HTTP/1.1\r\n")
            time.sleep(0.05)  # a second read on the server, as from a client that goes on sending
            try:
                sock.sendall(b"A" * 3000)
            except OSError:
                pass  # the server may have answered and closed already
            reader = Reader(sock, time.monotonic() + 10)
            while (answer := reader.response()) is not None:
                answers.append(answer[0])
        finally:
            sock.close()
        if answers[:6] != [404] * 5 + [200]:
            lost.append(answers)
        elif len(answers) > 6:
            extra.append(answers)
    (ok if not lost else fail)(f"every answer owed up to a Connection: close request arrives though bytes follow it "
                                f"({rounds - len(lost)} of {rounds} rounds" + (f"; e.g. got {lost[0]}" if lost else "") + ")")
    (ok if not extra else fail)(f"nothing after a Connection: close request is answered ({len(extra)} rounds with more"
                                + (f", e.g. {extra[0]}" if extra else "") + ")")


def admin_call(method, path, body):
    """An admin request; returns (status, error code or None)."""
    call = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(), method=method,
                                  headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(call, timeout=10) as r:
            return r.status, None
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}").get("error", {}).get("code")


def forged_text_and_hosts():
    # Issue 27 items 6 and 10: names and notes that would rewrite a terminal or forge a row, and an
    # update URL whose host hides behind user info, are refused before anything is stored.
    evil = "Evil\x1b]0;pwned\x07\x1b[2J\nforged\trow\u202e"
    refusals = [
        ("an app name with ESC and a newline", "POST", "/v1/admin/apps", {"id": "evil", "name": evil}, "invalid-app-name"),
        ("an exemption note with a newline", "POST", "/v1/admin/apps/demo/exemptions",
         {"kind": "install", "value": "x" * 16, "note": "ok\n99 2030-01-01 admin rollback to 1"}, "invalid-exemption"),
        ("an update URL with user info", "PUT", "/v1/admin/apps/demo/policy",
         {"schemaVersion": 1, "platforms": {"ios": {"latest": {"version": "9.0.0"}, "updateURL": "https://apps.apple.com@evil.example/x"}}},
         "invalid-policy"),
    ]
    for name, method, path, body, code in refusals:
        status, got = admin_call(method, path, body)
        (ok if status == 400 and got == code else fail)(f"{name} is refused with 400 {code} (got {status} {got})")
    # Item 7: the console's sign-in form carries its security headers on every path the router gives it.
    for path in ("/console/sign-in", "//console/sign-in", "/console//sign-in"):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(request(path, "Connection: close\r\n"))
        head = Reader(sock, time.monotonic() + 5).response()
        sock.close()
        headers = head[1] if head else {}
        missing = [h for h in ("content-security-policy", "x-frame-options", "x-content-type-options", "referrer-policy") if h not in headers]
        (ok if head and not missing else fail)(f"GET {path} carries the console's security headers (missing: {missing or 'none'})")


def http_framing():
    # RFC 9112 3.2 and 9.3: a Host is required once; "close" among the Connection tokens closes;
    # HTTP/1.0 kept alive is told so; HEAD answers what GET answers, without the body.
    cases = [("no Host on HTTP/1.1", b"GET /healthz HTTP/1.1\r\n\r\n", b"HTTP/1.1 400", True),
             ("two Host headers", b"GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", b"HTTP/1.1 400", True),
             ("a Host with user info", b"GET /healthz HTTP/1.1\r\nHost: u@evil.example\r\n\r\n", b"HTTP/1.1 400", True),
             ("a Host with a space", b"GET /healthz HTTP/1.1\r\nHost: a b\r\n\r\n", b"HTTP/1.1 400", True),
             ("Connection: close, (a trailing comma)", b"GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close,\r\n\r\n", b"HTTP/1.1 200", True),
             ("HTTP/1.0 with keep-alive", b"GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", b"HTTP/1.1 200", False)]
    for name, payload, status, closes in cases:
        sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        sock.sendall(payload)
        data, closed, deadline = b"", False, time.monotonic() + 4
        sock.settimeout(0.5)
        while time.monotonic() < deadline:
            try:
                chunk = sock.recv(65536)
            except socket.timeout:
                if data:
                    break
                continue
            if not chunk:
                closed = True
                break
            data += chunk
        sock.close()
        kept_alive_said = b"\r\nconnection: keep-alive\r\n" in data.lower()
        good = data.startswith(status) and closed == closes and (closes or kept_alive_said)
        (ok if good else fail)(f"{name}: {data[:12].decode(errors='replace')!r}, closed={closed}"
                               + ("" if closes else f", Connection: keep-alive={kept_alive_said}"))
    for path in ("/healthz", "/v1/apps/demo/check?version=1.0.0", "/api/version", POLICY):
        heads = {}
        for method in ("GET", "HEAD"):
            call = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method)
            with urllib.request.urlopen(call, timeout=5) as r:
                heads[method] = (r.status, r.headers.get("Content-Length"), len(r.read()))
        good = heads["HEAD"][0] == heads["GET"][0] == 200 and heads["HEAD"][1] == heads["GET"][1] and heads["HEAD"][2] == 0
        (ok if good else fail)(f"HEAD {path} answers as GET without the body (GET {heads['GET']}, HEAD {heads['HEAD']})")


# /metrics counts requests per route, admin routes among them (issue 27, item 9): without an
# admin token, with a made-up one or with other credentials it is refused in the JSON error shape.
def metrics_need_token():
    def ask(extra):
        s = connect_from("127.0.0.3", port)
        try:
            s.sendall(request("/metrics", extra))
            return Reader(s, time.monotonic() + 10).response()
        finally:
            s.close()
    for name, extra in [("no token", ""), ("a made-up token", "Authorization: Bearer lgt_0000_0000\r\n"),
                        ("Basic credentials", "Authorization: Basic YWRtaW46YWRtaW4=\r\n")]:
        answer = ask(extra)
        code = None
        if answer:
            try:
                code = json.loads(answer[2])["error"]["code"]
            except (ValueError, KeyError, TypeError):
                pass
        refused = answer is not None and answer[0] == 401 and code == "unauthorized" and b"hb_requests" not in answer[2]
        (ok if refused else fail)(f"/metrics with {name} is refused: 401 unauthorized in the JSON shape"
                                  + ("" if refused else f" (got {answer[0] if answer else 'nothing'}, code {code})"))
    answer = ask(f"Authorization: Bearer {token}\r\n")
    (ok if answer and answer[0] == 200 and b"hb_requests" in answer[2] else fail)("/metrics with the admin token is served")
