"""Hostile checks of the next release's room: a real release among made-up candidates."""
import json, socket, time
import urllib.error, urllib.request
from .common import Reader, fail, ok, request, spawn_server, stop


class Room:
    """A server of its own whose app "demo" has latest 7.0.0 on iOS and a cap of 300 groups, which
    two /24s (50 addresses x 4 made-up versions each, their networks' quotas) filled with 400
    groups: the 100 refused fill the table of candidates for the next release's room."""

    def __init__(self):
        self.port, self.server, self.admin = spawn_server("--install-sightings-per-client", "0", "--max-install-groups", "300")

    def send(self, source, requests):
        """Sends pipelined requests from a loopback address; returns how many got 200 or 204."""
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=10, source_address=(source, 0))
        try:
            sock.sendall(b"".join(requests))
            reader = Reader(sock, time.monotonic() + 15)
            return sum(1 for _ in requests if (reader.response() or (0,))[0] in (200, 204))
        finally:
            sock.close()

    def admin_request(self, method, path, body=None):
        call = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=json.dumps(body).encode() if body is not None else None,
                                      method=method, headers={"Authorization": f"Bearer {self.admin}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(call, timeout=15) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    @staticmethod
    def read(version, install):
        return request("/v1/apps/demo/policy?platform=ios",
                       f'LaunchGate-Client: version="{version}", build="1", platform="ios", os="17.4", install="{install}"\r\n')

    @staticmethod
    def ping(version, install):
        return (f"POST /v1/apps/demo/installs/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n"
                f'LaunchGate-Client: version="{version}", build="710", platform="ios", os="17.4", install="{install}"\r\n\r\n').encode()

    def fill(self):
        self.admin_request("PUT", "/v1/admin/apps/demo/policy?confirm=true", {"schemaVersion": 1, "app": "demo", "platforms": {"ios": {
            "latest": {"version": "7.0.0", "build": 700}, "updateURL": "https://apps.apple.com/app/id1"}}})
        for network in (40, 41):
            for address in range(1, 51):
                self.send(f"127.{network}.0.{address}", [self.read(f"7.0.{network * 1000 + address * 4 + n}", f"fill-{network}-{address}-{n}")
                                                         for n in range(4)])
        time.sleep(3)  # the recorder folds every 2 s

    def recorded(self, version, enough):
        """The installs of `version` recorded today, waiting up to 10 s for `enough`."""
        recorded = 0
        for _ in range(20):
            time.sleep(0.5)
            _, report = self.admin_request("GET", "/v1/admin/apps/demo/adoption?platform=ios&days=1&limit=1000")
            recorded = sum(entry["installs"] for window in (report or {}).get("windows", [])[:1]
                           for entry in window.get("versions", []) if entry["version"] == version)
            if recorded >= enough:
                break
        return recorded


def _with_room(check):
    room = Room()
    try:
        if room.server.poll() is not None or not room.admin:
            fail("the next-release server did not start")
            return
        room.fill()
        check(room)
    finally:
        stop(room.server)


# Re-attack A1b (session 8): when the table of candidates for the next release's room was full,
# the one seen from the fewest networks, and of those the highest version, gave way, so a real
# release seen from one network gave way to the next made-up version below it: one junk sighting
# after each of its networks kept it out (0 of 120 recorded). The table full of made-up versions
# between latest (7.0.0) and the release, 7.1.0 pings from 10 networks, each followed by a made-up
# 7.0.x from another network.
def next_release_among_junk():
    def check(room):
        for network in range(10):
            room.send(f"127.{70 + network}.0.9", [room.ping("7.1.0", f"next-{network}-{n}") for n in range(3)])
            room.send(f"127.50.0.{1 + network}", [room.read(f"7.0.{network + 1}", f"junk-{network}")])
        recorded = room.recorded("7.1.0", 24)
        (ok if recorded >= 20 else fail)(
            f"with the candidates' table full, a release seen from 10 networks, each followed by a made-up version below it, "
            f"qualifies at its third and is recorded ({recorded} of 30; 24 expected)")
    _with_room(check)


# What was left of A1b (review of session 8): among the candidates seen from the fewest networks,
# the one seen longest ago gave way, so 31 made-up versions seen from the same 2 /24s left a release
# seen from one network the only one that weak, and one new made-up version after each of its
# networks pushed it out again. Now the candidate that gained a network longest ago gives way.
def next_release_among_junk_from_two_networks():
    def check(room):
        junk = [0]

        def junk_version():
            # A new made-up version from both /24s, each sighting from an address of its own (its quota).
            n = junk[0] = junk[0] + 1
            for network in (60, 61):
                room.send(f"127.{network}.0.{n}", [room.read(f"7.0.{n}", f"junk-{network}-{n}")])

        for _ in range(31):
            junk_version()
        for network in range(10):
            room.send(f"127.{80 + network}.0.9", [room.ping("7.1.0", f"next-{network}-{n}") for n in range(3)])
            junk_version()
        recorded = room.recorded("7.1.0", 24)
        (ok if recorded >= 20 else fail)(
            f"with 31 made-up versions seen from the same 2 /24s, a release seen from 10 networks, each followed by a new "
            f"made-up version from both, qualifies at its third and is recorded ({recorded} of 30; 24 expected)")
    _with_room(check)
