#!/usr/bin/env python3
"""A webhook receiver on loopback for scripts/webhook-e2e: verifies each delivery's Standard
Webhooks signature (HMAC-SHA256 over "id.timestamp.body" with the whsec_ secret, timestamp within
5 minutes) and appends one JSON line per request to a file: the webhook-id, the event type, whether
the signature verified. Python's standard library only.

    webhook-receiver.py PORT SECRET LOG [--delay SECONDS]

--delay holds every answer that long, so a test can kill the sender while deliveries are under way.
"""
import base64
import hashlib
import hmac
import http.server
import json
import sys
import threading
import time

port, secret, log = int(sys.argv[1]), sys.argv[2], sys.argv[3]
delay = float(sys.argv[sys.argv.index("--delay") + 1]) if "--delay" in sys.argv else 0.0
key = base64.b64decode(secret.removeprefix("whsec_"))
lock = threading.Lock()


def verified(headers, body):
    msg_id, stamp, signatures = headers.get("webhook-id"), headers.get("webhook-timestamp"), headers.get("webhook-signature")
    if not (msg_id and stamp and signatures) or abs(time.time() - int(stamp)) > 300:
        return False
    expected = base64.b64encode(hmac.new(key, f"{msg_id}.{stamp}.".encode() + body, hashlib.sha256).digest()).decode()
    return any(hmac.compare_digest(s.removeprefix("v1,"), expected) for s in signatures.split(" ") if s.startswith("v1,"))


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        ok = verified(self.headers, body)
        try:
            kind = json.loads(body).get("type")
        except ValueError:
            kind = None
        with lock, open(log, "a") as out:
            out.write(json.dumps({"id": self.headers.get("webhook-id"), "type": kind, "verified": ok,
                                  "content_type": self.headers.get("Content-Type")}) + "\n")
        time.sleep(delay)
        self.send_response(204 if ok else 401)
        self.end_headers()

    def log_message(self, *args):
        pass


http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()
