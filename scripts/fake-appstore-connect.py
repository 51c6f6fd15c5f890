#!/usr/bin/env python3
"""A fake App Store Connect API on loopback, for end-to-end runs of the phased-release client.

It answers the three requests the server makes (the app by bundle ID, its version ready for sale,
that version's appStoreVersionPhasedRelease) in the shapes of Apple's documentation, and only to a
token Apple would take: an ES256 JWT whose signature verifies with the test key's public half
(Server/Tests/Fixtures/appstore-connect), with kid, iss, aud "appstoreconnect-v1" and a lifetime
of at most 20 minutes. A rejected token gets Apple's 401.

Apps are given as --app BUNDLE=VERSION:STATE[:DAY], STATE one of INACTIVE, ACTIVE, PAUSED,
COMPLETE or NONE (no phased release). A control endpoint, for the test only, moves them on:
  POST /control/apps/BUNDLE  {"version": "2.5.0", "state": "ACTIVE", "day": 3, "status": 503}
("status" makes every API answer for that app that HTTP status; null clears it), and
  GET /control/log  lists what was asked, and which tokens were refused and why.

  python3 scripts/fake-appstore-connect.py --port 0 --app com.example.notes=2.4.1:ACTIVE:1 --app com.example.maps=3.0.0:PAUSED:3
prints "listening on PORT" once ready. Binds 127.0.0.1 only. --self-test checks the token checks.
"""

import argparse
import base64
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

try:
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
except ImportError:  # scripts/test installs it; say so rather than fail obscurely
    sys.exit("fake-appstore-connect needs the 'cryptography' package: python3 -m pip install cryptography")

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "Server" / "Tests" / "Fixtures" / "appstore-connect"
STATES = {"INACTIVE", "ACTIVE", "PAUSED", "COMPLETE", "NONE"}
MAX_LIFETIME = 20 * 60
PLATFORMS = {"IOS", "MAC_OS", "TV_OS", "VISION_OS"}


def b64url_decode(text):
    if "=" in text or "+" in text or "/" in text:
        raise ValueError("not base64url without padding")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def check_token(authorization, public_key, key_id, issuer_id, now):
    """Returns None for a token Apple would take, or why it would refuse it."""
    if not authorization or not authorization.startswith("Bearer "):
        return "no bearer token"
    parts = authorization[len("Bearer "):].split(".")
    if len(parts) != 3:
        return "not a compact JWS"
    try:
        header = json.loads(b64url_decode(parts[0]))
        claims = json.loads(b64url_decode(parts[1]))
        signature = b64url_decode(parts[2])
    except ValueError as error:
        return f"undecodable: {error}"
    if header.get("alg") != "ES256" or header.get("typ") != "JWT":
        return f"header {header}"
    if header.get("kid") != key_id:
        return f"kid {header.get('kid')!r}"
    if len(signature) != 64:
        return f"signature of {len(signature)} bytes, not raw r||s"
    der = encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
    try:
        public_key.verify(der, (parts[0] + "." + parts[1]).encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        return "bad signature"
    if claims.get("aud") != "appstoreconnect-v1":
        return f"aud {claims.get('aud')!r}"
    if claims.get("iss") != issuer_id:
        return f"iss {claims.get('iss')!r}"
    iat, exp = claims.get("iat"), claims.get("exp")
    if not isinstance(iat, int) or not isinstance(exp, int):
        return "iat/exp not integers"
    if exp - iat > MAX_LIFETIME:
        return f"lifetime {exp - iat} s over 20 minutes"
    if exp <= now or iat > now + 60:
        return "expired or issued in the future"
    return None


class App:
    def __init__(self, number, bundle, spec):
        version, _, rest = spec.partition(":")
        state, _, day = rest.partition(":")
        self.id = str(1000000000 + number)
        self.bundle = bundle
        self.version = version
        self.state = state.upper() or "NONE"
        self.day = int(day) if day else None
        self.status = None
        if self.state not in STATES:
            raise SystemExit(f"--app {bundle}: state {state!r} is not one of {sorted(STATES)}")


class Fake:
    def __init__(self, apps, public_key, key_id, issuer_id):
        self.apps = apps
        self.public_key = public_key
        self.key_id = key_id
        self.issuer_id = issuer_id
        self.lock = threading.Lock()
        self.log = []


def make_handler(fake):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def send_json(self, status, body):
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def error(self, status, code):
            self.send_json(status, {"errors": [{"status": str(status), "code": code, "title": code}]})

        def do_POST(self):
            url = urlsplit(self.path)
            if not url.path.startswith("/control/apps/"):
                return self.error(404, "NOT_FOUND")
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
            with fake.lock:
                app = next((a for a in fake.apps if a.bundle == url.path[len("/control/apps/"):]), None)
                if app is None:
                    return self.error(404, "NOT_FOUND")
                if "version" in body:
                    app.version = body["version"]
                if "state" in body:
                    if body["state"] not in STATES:
                        return self.error(400, "BAD_STATE")
                    app.state = body["state"]
                if "day" in body:
                    app.day = body["day"]
                if "status" in body:
                    app.status = body["status"]
            self.send_json(200, {"ok": True})

        def do_GET(self):
            url = urlsplit(self.path)
            if url.path == "/control/log":
                with fake.lock:
                    return self.send_json(200, {"log": fake.log})
            refusal = check_token(self.headers.get("Authorization"), fake.public_key, fake.key_id, fake.issuer_id, int(time.time()))
            with fake.lock:
                fake.log.append({"path": url.path, "refused": refusal})
            if refusal:
                return self.error(401, "NOT_AUTHORIZED")
            query = parse_qs(url.query)
            parts = url.path.strip("/").split("/")
            with fake.lock:
                if parts == ["v1", "apps"]:
                    bundle = (query.get("filter[bundleId]") or [""])[0]
                    app = next((a for a in fake.apps if a.bundle == bundle), None)
                    if app and app.status:
                        return self.error(app.status, "FAKE_ERROR")
                    data = [{"type": "apps", "id": app.id, "attributes": {"bundleId": app.bundle}}] if app else []
                    return self.send_json(200, {"data": data, "links": {"self": self.path}})
                app = next((a for a in fake.apps if len(parts) > 2 and parts[2] in (a.id, "v" + a.id)), None)
                if app is None:
                    return self.error(404, "NOT_FOUND")
                if app.status:
                    return self.error(app.status, "FAKE_ERROR")
                if parts == ["v1", "apps", app.id, "appStoreVersions"]:
                    platform = (query.get("filter[platform]") or [""])[0]
                    sale = (query.get("filter[appStoreState]") or [""])[0]
                    if platform not in PLATFORMS or sale != "READY_FOR_SALE":
                        return self.error(400, "PARAMETER_ERROR.INVALID")
                    data = [{"type": "appStoreVersions", "id": "v" + app.id,
                             "attributes": {"platform": platform, "versionString": app.version, "appStoreState": "READY_FOR_SALE"}}]
                    return self.send_json(200, {"data": data, "links": {"self": self.path}})
                if parts == ["v1", "appStoreVersions", "v" + app.id, "appStoreVersionPhasedRelease"]:
                    if app.state == "NONE":
                        return self.send_json(200, {"data": None, "links": {"self": self.path}})
                    attributes = {"phasedReleaseState": app.state, "startDate": "2026-11-30T00:00:00Z", "totalPauseDuration": 0}
                    if app.day is not None:
                        attributes["currentDayNumber"] = app.day
                    return self.send_json(200, {"data": {"type": "appStoreVersionPhasedReleases", "id": "p" + app.id,
                                                         "attributes": attributes}, "links": {"self": self.path}})
            return self.error(404, "NOT_FOUND")

    return Handler


def self_test(public_key_path, private_key_path):
    """Signs tokens here with the test key and checks that each rule refuses what breaks it."""
    private_key = serialization.load_pem_private_key(Path(private_key_path).read_bytes(), None)
    public_key = serialization.load_pem_public_key(Path(public_key_path).read_bytes())
    now = int(time.time())

    def token(header=None, claims=None, raw=True):
        from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

        def enc(value):
            return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()
        h = {"alg": "ES256", "kid": "TEST000001", "typ": "JWT", **(header or {})}
        c = {"iss": "00000000-0000-0000-0000-000000000001", "iat": now, "exp": now + 1140, "aud": "appstoreconnect-v1", **(claims or {})}
        signing_input = enc(h) + "." + enc(c)
        der = private_key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256()))
        r, s = decode_dss_signature(der)
        signature = r.to_bytes(32, "big") + s.to_bytes(32, "big") if raw else der
        return "Bearer " + signing_input + "." + base64.urlsafe_b64encode(signature).rstrip(b"=").decode()

    def check(value):
        return check_token(value, public_key, "TEST000001", "00000000-0000-0000-0000-000000000001", now)

    cases = {
        "good": (token(), None),
        "kid": (token(header={"kid": "OTHER"}), "kid"),
        "aud": (token(claims={"aud": "other"}), "aud"),
        "iss": (token(claims={"iss": "other"}), "iss"),
        "lifetime": (token(claims={"exp": now + 1201}), "lifetime"),
        "expired": (token(claims={"iat": now - 1300, "exp": now - 100}), "expired"),
        "der": (token(raw=False), "signature of"),
        "tampered": (token()[:-4] + ("AAAA" if not token().endswith("AAAA") else "BBBB"), "bad signature"),
    }
    failures = 0
    for name, (value, expected) in cases.items():
        got = check(value)
        ok = got is None if expected is None else (got is not None and expected in got)
        failures += not ok
        print(f"{'ok' if ok else 'FAIL'}: {name}: {got}")
    print(f"{len(cases) - failures} passed, {failures} failed")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--app", action="append", default=[], help="BUNDLE=VERSION:STATE[:DAY]")
    parser.add_argument("--public-key", default=str(FIXTURES / "AuthKey_TEST000001.pub.pem"))
    parser.add_argument("--key-id", default="TEST000001")
    parser.add_argument("--issuer-id", default="00000000-0000-0000-0000-000000000001")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return self_test(args.public_key, FIXTURES / "AuthKey_TEST000001.p8")
    public_key = serialization.load_pem_public_key(Path(args.public_key).read_bytes())
    apps = []
    for number, spec in enumerate(args.app):
        bundle, _, rest = spec.partition("=")
        apps.append(App(number, bundle, rest))
    server = ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(Fake(apps, public_key, args.key_id, args.issuer_id)))
    print(f"listening on {server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
