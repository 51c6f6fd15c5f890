#!/usr/bin/env python3
"""The sign-in sweep under load; run by scripts/reliability/sweep.

  sweep.py fill DATABASE ROWS                   stores ROWS rate-limit keys touched two hours ago
  sweep.py drive DATABASE PORT PID LIMIT_MS LOG reads and sends until the sweep has deleted them

The sweep is dated from the server's debug line "sweeping sign-in records" in LOG, printed before its
first statement, so a request that waits behind that statement counts as during it. A server that
doesn't print it (older builds) has it dated from its first deleted key, later, and says so.
"""
import http.client
import json
import sqlite3
import sys
import threading
import time

FLOOD = "flood|"
STARTED = "sweeping sign-in records"
POLICY = "/v1/apps/demo/policy?platform=ios"
SEND = "/v1/apps/demo/auth/send-code"


def fill(path, rows):
    old = int((time.time() - 7200) * 1000)
    db = sqlite3.connect(path)
    # One statement: a recursive CTE counts, and each key holds one 13-digit time, as a flood's do.
    # As many keys touched just now, which the sweep walks past and keeps: a flood's keys stay
    # fresh for an hour, and a walk that passed them all in one statement held the connection.
    fresh = int(time.time() * 1000)
    for prefix, at in ((FLOOD, old), ("kept|", fresh)):
        db.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
            INSERT INTO rate_limit_keys ("key", touched_at, times) SELECT ? || i, ?, printf('%013d', ?) FROM n
            """, (rows, prefix, at, at))
    db.commit()
    db.close()


def flood_left(db):
    return db.execute("SELECT 1 FROM rate_limit_keys WHERE \"key\" >= ? AND \"key\" < ? LIMIT 1", (FLOOD, "flood}")).fetchone() is not None


def first_flood_key(db):
    row = db.execute("SELECT \"key\" FROM rate_limit_keys WHERE \"key\" >= ? AND \"key\" < ? ORDER BY \"key\" LIMIT 1",
                     (FLOOD, "flood}")).fetchone()
    return row[0] if row else None


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class Driver(threading.Thread):
    """Sends one request after another on one connection, and keeps (start, seconds, status) of each."""

    def __init__(self, port, kind):
        super().__init__(daemon=True)
        self.port, self.kind, self.samples, self.stop = port, kind, [], threading.Event()

    def run(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        n = 0
        while not self.stop.is_set():
            n += 1
            start = time.monotonic()
            try:
                if self.kind == "policy":
                    connection.request("GET", POLICY)
                else:
                    body = json.dumps({"email": f"sweep-{n}@example.com"})
                    connection.request("POST", SEND, body=body, headers={"Content-Type": "application/json"})
                response = connection.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException) as error:
                status = f"{type(error).__name__}"
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            self.samples.append((start, time.monotonic() - start, status))


class LogWatch:
    """Notices the first line of the server's log that contains STARTED, when it is written."""

    def __init__(self, path):
        self.path, self.offset, self.partial = path, 0, ""

    def seen(self):
        try:
            with open(self.path, errors="replace") as log:
                log.seek(self.offset)
                text = log.read()
                self.offset = log.tell()
        except OSError:
            return False
        lines = (self.partial + text).split("\n")
        self.partial = lines.pop()
        return any(STARTED in line for line in lines)


def drive(path, port, pid, limit_ms, log_path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    first = first_flood_key(db)
    if first is None:
        print("FAIL no flood keys to sweep", flush=True)
        return 1
    # Lines the server logged before the load began are not this sweep's.
    log = LogWatch(log_path)
    log.seen()
    drivers = [Driver(port, "policy"), Driver(port, "send")]
    for driver in drivers:
        driver.start()
    began = time.monotonic()
    started = ended = logged = None
    peak = rss_kb(pid)
    while ended is None and time.monotonic() - began < 800:
        time.sleep(0.05)
        peak = max(peak, rss_kb(pid))
        if logged is None and log.seen():
            logged = time.monotonic()
        if started is None and (logged is not None or first_flood_key(db) != first):
            started = logged or time.monotonic()
        if started is not None and not flood_left(db):
            ended = time.monotonic()
    time.sleep(0.5)
    for driver in drivers:
        driver.stop.set()
    for driver in drivers:
        driver.join(130)
    failures = 0
    if ended is None:
        print("FAIL the sweep did not delete the flood's keys within 800 s", flush=True)
        return 1
    how = "by its log line" if logged is not None else "by its first deleted key: the server logged no start"
    print(f"ok   the sweep deleted the flood's keys in {ended - started:.1f} s (started {started - began:.1f} s "
          f"after the load began, dated {how}); the server's peak RSS {peak // 1024} MB", flush=True)
    for driver in drivers:
        before = [s for s in driver.samples if s[0] + s[1] < started]
        during = [s for s in driver.samples if s[0] < ended and s[0] + s[1] > started]
        bad = [s for s in driver.samples if s[2] != 200]
        longest = max((s[1] for s in during), default=0) * 1000
        baseline = max((s[1] for s in before), default=0) * 1000
        line = (f"{driver.kind}: {len(during)} requests during the sweep, the longest waited {longest:.1f} ms "
                f"(before it: {len(before)}, the longest {baseline:.1f} ms)")
        if bad:
            print(f"FAIL {driver.kind}: {len(bad)} requests failed, the first with {bad[0][2]}", flush=True)
            failures += 1
        if not during:
            print(f"FAIL {driver.kind}: no request was made during the sweep", flush=True)
            failures += 1
        elif longest > limit_ms:
            print(f"FAIL {line}: over the {limit_ms} ms goal", flush=True)
            failures += 1
        else:
            print(f"ok   {line}", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    if sys.argv[1] == "fill":
        fill(sys.argv[2], int(sys.argv[3]))
    else:
        sys.exit(drive(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), sys.argv[6]))
