"""The prompt funnel's counts against made-up numbers and floods (attack s14, issue 30): bodies that
are not the SDK's are refused in the one JSON error shape and add nothing; huge counts are capped
at 50 a ping and only an install's first ping of a day counts; made-up revisions add no row; and a
flood of installs from many addresses leaves the funnel's tables and figures within their bounds."""
import json, os, random, sqlite3, subprocess, time
from .common import fail, ok, port, send_from, short
from .webhooks import api, error_shape

DATABASE = os.environ.get("LAUNCHGATE_DATABASE_URL", "")
COUNTS = ("banner", "details", "recommended", "required", "update", "dismissed", "notNow")


def ping(body, install, source="127.0.0.1", version="1.9.0", content_type="application/json", raw=None):
    """(status, parsed body) of one beacon; `raw` sends exact bytes, with its own Content-Length."""
    payload = raw if raw is not None else (json.dumps(body).encode() if body is not None else b"")
    head = (f"POST /v1/apps/demo/installs/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            f'LaunchGate-Client: version="{version}", build="190", platform="ios", os="17.4", install="{install}"\r\n')
    if content_type:
        head += f"Content-Type: {content_type}\r\n"
    head += f"Content-Length: {len(payload)}\r\n\r\n"
    answer = send_from(source, port, head.encode() + payload)
    if not answer:
        return None, None
    try:
        return answer[0], json.loads(answer[2]) if answer[2] else None
    except ValueError:
        return answer[0], answer[2][:200]


def report():
    status, body = api("GET", "/v1/admin/apps/demo/funnel")
    return body if status == 200 else {"revisions": []}


def totals(funnel, revision=None):
    """Each count summed over the report's revisions (or one), and the prompted installs."""
    summed = {name: 0 for name in COUNTS + ("prompted",)}
    for entry in funnel["revisions"]:
        if revision is None or entry["revision"] == revision:
            for name in COUNTS:
                summed[name] += entry["totals"].get(name, 0)
            summed["prompted"] += entry.get("conversion", {}).get("prompted", 0)
    return summed


def rows(table):
    """The table's row count, through psql on PostgreSQL; None when it can't be counted (then the
    checks that compare counts say SKIP rather than pass, review s14 K14)."""
    query = f"SELECT count(*) FROM {table}"
    try:
        if DATABASE.startswith("postgres"):
            answer = subprocess.run(["psql", DATABASE, "-At", "-c", query], capture_output=True, text=True, timeout=30)
            return int(answer.stdout.strip()) if answer.returncode == 0 else None
        if DATABASE:
            with sqlite3.connect(f"file:{DATABASE}?mode=ro", uri=True, timeout=10) as connection:
                return connection.execute(query).fetchone()[0]
    except (OSError, ValueError, subprocess.SubprocessError, sqlite3.Error):
        pass
    return None


def counted(*values):
    """Whether every row count is known."""
    return all(value is not None for value in values)


def skip(message):
    print(f"SKIP {message}", flush=True)


def settled():
    """The recorder folds pings every 2 s."""
    time.sleep(4)


JUNK = [{"funnel": [{"revision": 1, "banner": -1}]}, {"funnel": [{"revision": 1, "banner": 10 ** 30}]},
        {"funnel": [{"revision": 1, "banner": 1.5}]}, {"funnel": [{"revision": 1, "banner": "3"}]},
        {"funnel": [{"revision": 1, "banner": {"a": [1]}}]}, {"funnel": [{"revision": 1, "banner": True}]},
        {"funnel": [{"revision": 1, "banner": None}]}, {"funnel": [{"revision": 0, "banner": 1}]},
        {"funnel": [{"revision": -1, "banner": 1}]}, {"funnel": [{"revision": 2 ** 63, "banner": 1}]},
        {"funnel": [{"revision": 1, "banner": 1}, {"revision": 1, "banner": 1}]}, {"funnel": [{"revision": 1, "taps": 1}]},
        {"funnel": [{"revision": 1, "banner": 1}], "device": "x"}, {"funnel": {"revision": 1}}, {"funnel": "x"}, {}, [],
        {"funnel": [{"banner": 1}]}, {"funnel": [{"revision": 1, "banner": 1}] * 5},
        {"funnel": [{"revision": 999999, "banner": 1}]}, {"funnel": [{"revision": 1, "banner": 1, "update": -5}]}]
RAW_JUNK = [b'{"funnel":[{"revision":1,"banner":1e400}]}', b'{"funnel":[{"revision":1,"banner":NaN}]}',
            b'{"funnel":[{"revision":1,"banner":1}]} trailing', b"[" * 1000, b"\xff\xfe{}", b'{"funnel":[{"revision":1,"banner":1.9}]}',
            b'{"funnel":[{"revision":1,"banner":1}]}' + b" " * 3000]


def made_up_numbers():
    before, rows_before = totals(report()), rows("prompt_funnel_installs")
    wrong, run = [], random.randrange(10 ** 9)
    cases = [(json.dumps(body).encode(), "application/json") for body in JUNK] + [(raw, "application/json") for raw in RAW_JUNK]
    cases += [(b'{"funnel":[{"revision":1,"banner":1}]}', "text/plain"), (b'{"funnel":[{"revision":1,"banner":1}]}', None)]
    for n, (payload, content_type) in enumerate(cases):
        status, body = ping(None, f"junk-{run}-{n}", raw=payload, content_type=content_type)
        if status not in (400, 413) or not error_shape(body):
            wrong.append(f"{payload[:50]!r} -> {status} {str(body)[:60]}")
    settled()
    after, rows_after = totals(report()), rows("prompt_funnel_installs")
    (fail if wrong else ok)(f"{len(cases)} made-up funnel bodies refused with 400/413 and the JSON error shape"
                            f"{': ' + '; '.join(wrong[:4]) if wrong else ''}")
    (ok if after == before else fail)("refused bodies add no counts to the funnel's report")
    if not counted(rows_before, rows_after):
        skip(f"refused bodies add no prompted install: the rows of {DATABASE or 'no database'} can't be counted here")
    else:
        (ok if rows_after == rows_before else fail)(f"refused bodies add no prompted install (rows {rows_before} -> {rows_after})")



def declared_gigabyte():
    """A ping declaring 1 GB and sending 1 byte gets the JSON 413 from its head, not silence until the idle timeout (H5)."""
    head = ("POST /v1/apps/demo/installs/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            'LaunchGate-Client: version="1.9.0", build="190", platform="ios", os="17.4", install="gigabyte"\r\n'
            "Content-Length: 1000000000\r\n\r\n{")
    answer = send_from("127.0.0.1", port, head.encode(), seconds=5)
    status, body = (answer[0], str(answer[2])) if answer else (None, "")
    (ok if status == 413 and "body-too-large" in body else fail)(
        f"a ping declaring 1 GB is answered 413 body-too-large within 5 s (got {status})")

def caps_and_repeats():
    run = random.randrange(10 ** 9)
    before = totals(report(), 1)
    huge = {"revision": 1, **{name: 2 ** 62 for name in COUNTS}}
    statuses = [ping({"funnel": [huge]}, f"cap-{run}")[0] for _ in range(5)]
    settled()
    added = {name: totals(report(), 1)[name] - before[name] for name in COUNTS}
    (ok if statuses[0] == 204 and all(value == 50 for value in added.values()) else fail)(
        f"counts of 2^62 add 50 each, and only the install's first ping of the day counts (added {added}, statuses {statuses})")


def unknown_revision_without_counts():
    """A revision never published, with every count left out, is refused with 400 unknown-revision (H3) and stores nothing."""
    run, rows_before = random.randrange(10 ** 9), rows("prompt_funnel_installs")
    statuses = [ping({"funnel": [{"revision": 10 ** 6 + n}]}, f"zero-{run}-{n}")[0] for n in range(20)]
    settled()
    names = {entry["revision"] for entry in report()["revisions"]}
    rows_after = rows("prompt_funnel_installs")
    (ok if set(statuses) == {400} and not any(r > 10 ** 5 for r in names) else fail)(
        f"made-up revisions without counts are refused and reported nowhere (statuses {sorted(set(statuses))})")
    if not counted(rows_before, rows_after):
        skip("made-up revisions without counts add no prompted install: the rows can't be counted here")
    else:
        (ok if rows_after == rows_before else fail)(f"made-up revisions without counts add no prompted install (rows {rows_before} -> {rows_after})")


def flood():
    """Many installs from many addresses: each adds at most one prompted install and 50 of each count."""
    installs = 600 if short else 3000
    run = random.randrange(10 ** 9)
    before, rows_before, days_before = totals(report()), rows("prompt_funnel_installs"), rows("prompt_funnel_days")
    started, accepted, refused, statuses = time.monotonic(), 0, 0, {}
    for n in range(installs):
        if time.monotonic() - started > 120:
            break
        source = f"127.{40 + n % 50}.{(n // 50) % 250}.{1 + n % 200}"
        revision = random.choice([1, 1, 1, 2 ** 31 - 1, 7 * 10 ** 5 + n])
        body = {"funnel": [{"revision": revision, **{name: random.randrange(0, 10 ** 6) for name in COUNTS}}]}
        status, _ = ping(body, f"flood-{run}-{n}", source=source, version=random.choice(["1.9.0", "0.0.1", "99.0.0", "1.9.1"]))
        statuses[status] = statuses.get(status, 0) + 1
        accepted += status == 204 and revision == 1
        refused += status == 400
    settled()
    after, rows_after, days_after = totals(report()), rows("prompt_funnel_installs"), rows("prompt_funnel_days")
    added = {name: after[name] - before[name] for name in COUNTS}
    within = all(0 <= value <= 50 * accepted for value in added.values())
    (ok if within else fail)(f"{installs} pings from many addresses ({statuses}): each count within 50 an install "
                             f"of {accepted} accepted (most {max(added.values())})")
    if not counted(rows_before, rows_after, days_before, days_after):
        skip("the flood's prompted installs and day rows: the rows can't be counted here")
    else:
        (ok if rows_after - rows_before <= accepted and days_after - days_before <= 1 else fail)(
            f"the flood adds {rows_after - rows_before} prompted installs for {accepted} accepted and {days_after - days_before} new day rows")
    status, funnel = api("GET", "/v1/admin/apps/demo/funnel")
    lies = [entry["revision"] for entry in funnel.get("revisions", []) for window in entry.get("conversion", {}).get("windows", [])
            if window["updated"] > window["prompted"] or window["prompted"] > entry["conversion"]["prompted"]]
    (ok if status == 200 and not lies else fail)(f"the funnel read after the flood: no window updates more installs than it prompted {lies}")
