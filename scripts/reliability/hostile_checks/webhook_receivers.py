"""Webhooks on a second server with --webhook-allow-private, against receivers on loopback (attack
s14): replayed and altered deliveries, redelivery's webhook-id, secrets kept out of answers, the CLI
and the log; and floods: the endpoint cap, events past the per-endpoint cap of waiting deliveries,
and receivers that stall, drip, answer 10 MB, redirect forever or close mid-answer."""
import json, os, sqlite3, subprocess, tempfile, threading, time
from .common import fail, launchgate, ok, rss_kb, short, spawn_server, stop
from .webhooks import Receiver, api, error_shape, verifies, wait_until

DOCUMENT = {"schemaVersion": 1, "app": "demo", "platforms": {"ios": {
    "latest": {"version": "7.0.0", "build": 700}, "updateURL": "https://apps.apple.com/app/id1"}}}


class Second:
    """A second `serve --demo --webhook-allow-private --webhook-timeout 2` on a SQLite file of its own."""
    def __init__(self):
        self.database = os.path.join(tempfile.mkdtemp(prefix="hostile-webhooks-"), "serve.sqlite")
        self.port, self.process, self.admin = spawn_server("--webhook-allow-private", "--webhook-timeout", "2", database=self.database)
        self.log = os.readlink(f"/proc/{self.process.pid}/fd/1")

    def api(self, method, path, body=None):
        return api(method, path, body, at_port=self.port, admin=self.admin)

    def add(self, url, events=None):
        status, body = self.api("POST", "/v1/admin/apps/demo/webhooks", {"url": url, **({"events": events} if events else {})})
        return body if status == 201 else None

    def publish(self, n):
        document = json.loads(json.dumps(DOCUMENT))
        document["platforms"]["ios"]["latest"] = {"version": f"7.{n}.0", "build": 700 + n}
        return self.api("PUT", "/v1/admin/apps/demo/policy?confirm=true", document)[0]

    def rows(self, query, *arguments):
        with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, timeout=10) as connection:
            return connection.execute(query, arguments).fetchall()


def replay_and_secrets():
    receiver, server = Receiver(), Second()
    try:
        if not server.admin:
            return fail("the webhooks' second server did not start")
        first, second = server.add(receiver.url("/a")), server.add(receiver.url("/b"))
        if not first or not second:
            return fail("adding two loopback endpoints on a server with --webhook-allow-private")
        server.publish(1)
        if not wait_until(lambda: {"/a", "/b"} <= {r["path"] for r in receiver.received}, 20):
            return fail(f"policy.published reached {sorted({r['path'] for r in receiver.received})}, not both endpoints")
        at_a = next(r for r in receiver.received if r["path"] == "/a")
        at_b = next(r for r in receiver.received if r["path"] == "/b")
        (ok if verifies(at_a, first["secret"]) and verifies(at_b, second["secret"]) else fail)(
            "each endpoint's delivery verifies under its own secret")
        (ok if not verifies(at_a, second["secret"]) and not verifies(at_b, first["secret"]) else fail)(
            "a delivery captured at one endpoint does not verify when replayed to another")
        headers = at_a["headers"]
        altered = [verifies(at_a, first["secret"], body=at_a["body"].replace(b"7.1.0", b"9.9.9") + b" "),
                   verifies(at_a, first["secret"], headers={**headers, "webhook-timestamp": str(int(headers["webhook-timestamp"]) + 600)}),
                   verifies(at_a, first["secret"], headers={**headers, "webhook-id": headers["webhook-id"] + "x"})]
        (ok if not any(altered) else fail)(f"the signature binds the body, the timestamp and the id (altered ones verifying: {altered})")
        status, rows = server.api("GET", "/v1/admin/apps/demo/webhooks/deliveries")
        delivery = next((r for r in rows if r.get("endpointId") == first["id"]), None) if status == 200 else None
        before = len(receiver.received)
        redelivered = delivery and server.api("POST", f"/v1/admin/apps/demo/webhooks/deliveries/{delivery['id']}/redeliver")[0] == 202
        again = wait_until(lambda: len(receiver.received) > before, 20) and receiver.received[-1]
        (ok if redelivered and again and again["headers"]["webhook-id"] == headers["webhook-id"] and verifies(again, first["secret"]) else fail)(
            "a redelivery carries the same webhook-id and a fresh signature")
        ids = [r["headers"]["webhook-id"] for r in receiver.received if r["path"] == "/b"]
        (ok if len(ids) == len(set(ids)) else fail)(f"one server sends an event once to an endpoint ({len(ids)} at /b)")
        secrets = [first["secret"], second["secret"]]
        status, listed = server.api("GET", "/v1/admin/apps/demo/webhooks")
        cli = subprocess.run([launchgate, "webhooks", "list", "demo"], env=dict(os.environ, LAUNCHGATE_DATABASE_URL=server.database),
                             capture_output=True, text=True, timeout=60)
        deliveries = subprocess.run([launchgate, "webhooks", "deliveries", "demo", "--json"], capture_output=True, text=True, timeout=60,
                                    env=dict(os.environ, LAUNCHGATE_DATABASE_URL=server.database))
        texts = {"the list answer": json.dumps(listed), "webhooks list": cli.stdout + cli.stderr,
                 "webhooks deliveries": deliveries.stdout + deliveries.stderr, "the log": open(server.log).read(),
                 "the database": "\n".join(str(r) for r in server.rows("SELECT * FROM webhook_endpoints"))}
        leaks = [where for where, text in texts.items() if "whsec_" in text or any(s[6:] in text for s in secrets)]
        (ok if status == 200 and cli.returncode == 0 and not leaks else fail)(
            f"no secret after creation in the list answer, the CLI, the log or the database in clear{': ' + ', '.join(leaks) if leaks else ''}")
    finally:
        stop(server.process)
        receiver.close()


def floods_and_bad_receivers():
    receiver, server = Receiver(stall=8), Second()
    reads_stop, worst = threading.Event(), [0.0]

    def reader():
        import urllib.request
        while not reads_stop.is_set():
            started = time.monotonic()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/v1/apps/demo/policy?platform=ios", timeout=10) as answer:
                    answer.read()
            except OSError:
                worst[0] = max(worst[0], 10.0)
            worst[0] = max(worst[0], time.monotonic() - started)
            time.sleep(0.1)
    try:
        if not server.admin:
            return fail("the webhooks' second server did not start")
        good = server.add(receiver.url("/ok"), ["policy.published"])
        bad = {path: server.add(receiver.url(path)) for path in ("/stall", "/drip", "/big", "/loop", "/close")}
        extra = [server.add(receiver.url(f"/extra{n}")) for n in range(4)]
        status, body = server.api("POST", "/v1/admin/apps/demo/webhooks", {"url": receiver.url("/eleventh")})
        (ok if good and all(bad.values()) and all(extra) and status == 409 and error_shape(body) else fail)(
            f"10 endpoints per app, the 11th refused with 409 and the JSON error shape (got {status})")
        for endpoint in extra:
            server.api("DELETE", f"/v1/admin/apps/demo/webhooks/{endpoint['id']}")
        rss_before = rss_kb(server.process.pid)
        threading.Thread(target=reader, daemon=True).start()
        publishes = 100 if short else 500
        statuses = [server.publish(n) for n in range(1, publishes + 1)]
        (ok if all(s in (200, 201) for s in statuses) else fail)(f"{publishes} publishes in a row with misbehaving receivers")
        stall = bad["/stall"]["id"]
        queued = refused = 0
        for _ in range(1200):
            status, body = server.api("POST", f"/v1/admin/apps/demo/webhooks/{stall}/test")
            if status == 202:
                queued += 1
            else:
                refused += 1
                if not error_shape(body):
                    fail(f"a test past the waiting cap answers {status} without the JSON error shape: {str(body)[:200]}")
                    break
        pending = server.rows("SELECT count(*) FROM webhook_deliveries WHERE endpoint_id = ? AND state = 'pending'", stall)[0][0]
        status, listed = server.api("GET", "/v1/admin/apps/demo/webhooks")
        dropped = next((e["dropped"] for e in listed if e["id"] == stall), 0) if status == 200 else 0
        (ok if pending <= 1000 and refused > 0 else fail)(
            f"a stalled endpoint's waiting deliveries stay at most 1,000 ({pending} pending, {queued} tests queued, {refused} refused, {dropped} dropped)")
        total = server.rows("SELECT count(*) FROM webhook_deliveries")[0][0]
        (ok if total <= 6 * (publishes + 1) + 1200 else fail)(f"the delivery table is bounded by the events sent ({total} rows)")
        time.sleep(15)
        reads_stop.set()
        grown = (rss_kb(server.process.pid) - rss_before) / 1024
        (ok if grown < 100 else fail)(f"the server's RSS grew {grown:.0f} MB with a 10 MB answer, drips and stalls (under 100)")
        (ok if worst[0] < 2 else fail)(f"policy reads answered throughout, the slowest in {worst[0]:.2f} s (under 2)")
        loops = receiver.hits.get("/loop", 0)
        attempts, error = server.rows("SELECT sum(attempts), max(last_error) FROM webhook_deliveries WHERE endpoint_id = ?", bad["/loop"]["id"])[0]
        (ok if attempts and 0 < loops <= 4 * attempts and "redirect" in (error or "") else fail)(
            f"a redirect to itself is followed at most 3 times an attempt ({loops} posts to /loop in {attempts} attempts: {error})")
        states = dict(server.rows("SELECT endpoint_id, max(last_error) FROM webhook_deliveries WHERE endpoint_id IN (?, ?, ?) GROUP BY 1",
                                  bad["/big"]["id"], bad["/drip"]["id"], bad["/close"]["id"]))
        (ok if server.process.poll() is None else fail)(f"the server survived the bad receivers (last errors: {json.dumps(states)[:300]})")
    finally:
        reads_stop.set()
        stop(server.process)
        receiver.close()


def good_endpoint_behind_a_stalled_one():
    """H2 (attack s14): three stalled receivers hold one sender each at most; the healthy endpoint gets every event."""
    receiver, server = Receiver(stall=8), Second()
    try:
        if not server.admin:
            return fail("the webhooks' second server did not start")
        server.add(receiver.url("/ok"), ["policy.published"])
        for n in range(3):
            server.add(receiver.url(f"/stall?{n}"), ["policy.published"])
        publishes = 30
        for n in range(1, publishes + 1):
            server.publish(n)
        started = time.monotonic()
        arrived = wait_until(lambda: sum(1 for r in receiver.received if r["path"] == "/ok") >= publishes, 20)
        got = sum(1 for r in receiver.received if r["path"] == "/ok")
        (ok if arrived else fail)(f"a healthy endpoint gets {publishes} events within 20 s while 3 others stall "
                                  f"({got} arrived in {time.monotonic() - started:.0f} s)")
    finally:
        stop(server.process)
        receiver.close()


def two_instances_send_once():
    """Two servers on one database, each with its outbox worker: every event arrives once."""
    receiver, server = Receiver(), Second()
    other = None
    try:
        if not server.admin:
            return fail("the webhooks' second server did not start")
        other_port, other, _ = spawn_server("--webhook-allow-private", "--webhook-timeout", "2", database=server.database)
        server.add(receiver.url("/slow"), ["policy.published"])
        publishes = 20 if short else 60
        for n in range(1, publishes + 1):
            server.publish(n)
        wait_until(lambda: len({r["headers"]["webhook-id"] for r in receiver.received}) >= publishes, 90)
        time.sleep(3)
        ids = [r["headers"]["webhook-id"] for r in receiver.received]
        (ok if len(set(ids)) == publishes and len(ids) == len(set(ids)) and other.poll() is None else fail)(
            f"two instances on one database: {len(set(ids))} of {publishes} events arrived, {len(ids) - len(set(ids))} twice")
    finally:
        if other:
            stop(other)
        stop(server.process)
        receiver.close()
