#!/usr/bin/env python3
"""Times the console's "send me a code" answer for operators' addresses and strangers' addresses.

    scripts/console-signin-timing.py BASE ADMIN-TOKEN [COUNT] [--same]

Against a running `launchgate serve` started with `--sign-in-client-sends 0` (so the per-client cap
doesn't turn the run into 429s): adds COUNT operators (default 500) through the admin API, then
asks for a code COUNT times for an operator's address and COUNT times for a stranger's, interleaved,
each address once (so no per-address limit answers instead), and prints the median, the 10th and
the 90th percentile of each. With --same both lists are strangers' addresses: the spread between
two equal lists shows how much of a difference is noise. Only the POST is timed; the sign-in page it needs (CSRF token and the
signed sign-in cookie) is fetched first, untimed.
"""
import http.client
import json
import re
import statistics
import sys
import time
import urllib.parse

base, token = sys.argv[1], sys.argv[2]
count = int(sys.argv[3]) if len(sys.argv) > 3 else 500
same = "--same" in sys.argv[4:]
host = urllib.parse.urlparse(base)
connection = http.client.HTTPConnection(host.hostname, host.port, timeout=10)
run = str(int(time.time()))


def request(method, path, body=None, headers=None):
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    return response.status, response.getheaders(), response.read().decode()


def add_operator(email):
    status, _, body = request("POST", "/v1/admin/operators", json.dumps({"email": email, "scope": "read"}),
                              {"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    if status not in (200, 201):
        sys.exit(f"adding {email}: {status} {body[:200]}")


def ask(email):
    """Seconds the POST took, and its status."""
    _, headers, page = request("GET", "/console/sign-in")
    cookie = next(value.split(";")[0] for name, value in headers if name.lower() == "set-cookie" and value.startswith("lgc_signin="))
    csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)
    body = urllib.parse.urlencode({"csrf": csrf, "email": email})
    started = time.perf_counter()
    status, _, _ = request("POST", "/console/sign-in/email", body,
                           {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
    return time.perf_counter() - started, status


operators = [f"op{index}-{run}@example.com" for index in range(count)]
strangers = [f"someone{index}-{run}@example.com" for index in range(count)]
if same:
    operators = [f"other{index}-{run}@example.com" for index in range(count)]
else:
    for email in operators:
        add_operator(email)
times = {"operator": [], "stranger": []}
statuses = {"operator": set(), "stranger": set()}
for index in range(count):
    # Interleaved, and alternating which goes first, so drift in the machine's load hits both alike.
    pairs = [("operator", operators[index]), ("stranger", strangers[index])]
    for kind, email in (pairs if index % 2 == 0 else reversed(pairs)):
        seconds, status = ask(email)
        times[kind].append(seconds * 1000)
        statuses[kind].add(status)
for kind, values in times.items():
    values.sort()
    print(f"{kind:9} n={len(values)} median {statistics.median(values):.3f} ms  p10 {values[len(values) // 10]:.3f} ms  "
          f"p90 {values[len(values) * 9 // 10]:.3f} ms  statuses {sorted(statuses[kind])}")
