"""Hostile check of the next release's room: a real release among made-up candidates."""
import json, socket, time
import urllib.error, urllib.request
from .common import Reader, fail, ok, request, spawn_server, stop


# Re-attack A1b (session 8): when the table of candidates for the next release's room was full,
# the one seen from the fewest networks, and of those the highest version, gave way, so a real
# release seen from one network gave way to the next made-up version below it: one junk sighting
# after each of its networks kept it out (0 of 120 recorded). Now the one seen longest ago gives
# way. The cap and the table full of made-up versions between latest (7.0.0) and the release,
# 7.1.0 pings from 10 networks, each followed by a made-up 7.0.x from another network.
def next_release_among_junk():
    port, server, admin = spawn_server("--install-sightings-per-client", "0", "--max-install-groups", "300")
    try:
        if server.poll() is not None or not admin:
            fail("the next-release server did not start")
            return

        def send(source, requests):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
            try:
                sock.sendall(b"".join(requests))
                reader = Reader(sock, time.monotonic() + 15)
                return sum(1 for _ in requests if (reader.response() or (0,))[0] in (200, 204))
            finally:
                sock.close()

        def admin_request(method, path, body=None):
            call = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode() if body is not None else None,
                                          method=method, headers={"Authorization": f"Bearer {admin}", "Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(call, timeout=15) as answer:
                    return answer.status, json.loads(answer.read() or b"null")
            except urllib.error.HTTPError as error:
                return error.code, json.loads(error.read() or b"null")

        def read(version, install):
            return request("/v1/apps/demo/policy?platform=ios",
                           f'LaunchGate-Client: version="{version}", build="1", platform="ios", os="17.4", install="{install}"\r\n')

        admin_request("PUT", "/v1/admin/apps/demo/policy?confirm=true", {"schemaVersion": 1, "app": "demo", "platforms": {"ios": {
            "latest": {"version": "7.0.0", "build": 700}, "updateURL": "https://apps.apple.com/app/id1"}}})
        # Two /24s, 50 addresses x 4 made-up versions each (their networks' quotas): 400 groups
        # for a cap of 300, and the 100 refused fill the table of candidates.
        for network in (40, 41):
            for address in range(1, 51):
                send(f"127.{network}.0.{address}", [read(f"7.0.{network * 1000 + address * 4 + n}", f"fill-{network}-{address}-{n}") for n in range(4)])
        time.sleep(3)  # the recorder folds every 2 s
        for network in range(10):
            send(f"127.{70 + network}.0.9", [f"POST /v1/apps/demo/installs/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n"
                                             f'LaunchGate-Client: version="7.1.0", build="710", platform="ios", os="17.4", install="next-{network}-{n}"\r\n\r\n'.encode()
                                             for n in range(3)])
            send(f"127.50.0.{1 + network}", [read(f"7.0.{network + 1}", f"junk-{network}")])
        recorded = 0
        for _ in range(20):
            time.sleep(0.5)
            _, report = admin_request("GET", "/v1/admin/apps/demo/adoption?platform=ios&days=1&limit=1000")
            recorded = sum(entry["installs"] for window in (report or {}).get("windows", [])[:1]
                           for entry in window.get("versions", []) if entry["version"] == "7.1.0")
            if recorded >= 24:
                break
        (ok if recorded >= 20 else fail)(
            f"with the candidates' table full, a release seen from 10 networks, each followed by a made-up version below it, "
            f"qualifies at its third and is recorded ({recorded} of 30; 24 expected)")
    finally:
        stop(server)
