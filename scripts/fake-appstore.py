#!/usr/bin/env python3
"""A fake iTunes lookup on loopback, for the App Store poller's end-to-end test (stdlib only).

    scripts/fake-appstore.py PORT ANSWERS.json

ANSWERS.json maps "bundleId/country" (or "id/country" for an Apple ID) to what to answer:

    {"com.example.notes/us": {"version": "2.5.0", "releaseNotes": "…", "minimumOsVersion": "16.0"},
     "com.example.notes/jp": {"version": "2.4.0"},
     "com.example.notes/fr": {"status": 503},
     "com.example.notes/de": {"slow": 30},
     "com.example.notes/gb": {"huge": 10485760},
     "com.example.notes/it": {"raw": "{not json"},
     "com.example.notes/es": {"redirect": "http://127.0.0.1:9/elsewhere"},
     "com.example.notes/nl": {"version": "9.9.9", "bundleId": "com.evil.notes"}}

A version entry is answered in the shape Apple's lookup has (resultCount, results[0] with the
fields recorded from a real answer); an unknown app is `{"resultCount":0,"results":[]}`. The file is
read again on every request, so a test changes answers by rewriting it. Every request's path and
query is appended to ANSWERS.json.log, one a line, so a test can check the cache-buster.
"""
import json
import sys
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT, ANSWERS = int(sys.argv[1]), sys.argv[2]


def result(app, country, entry):
    bundle = entry.get("bundleId", app if not app.isdigit() else "com.example.unknown")
    return {
        "resultCount": 1,
        "results": [{
            "kind": "software", "trackId": int(app) if app.isdigit() else 1234567890, "trackName": "Notes", "bundleId": bundle,
            "version": entry["version"], "releaseNotes": entry.get("releaseNotes", "Bug fixes."),
            "trackViewUrl": entry.get("trackViewUrl", f"https://apps.apple.com/{country}/app/notes/id1234567890?uo=4"),
            "minimumOsVersion": entry.get("minimumOsVersion", "16.0"),
            "currentVersionReleaseDate": entry.get("currentVersionReleaseDate", "2026-11-20T08:00:00Z"),
            "price": 0.0, "currency": "USD", "averageUserRating": 4.5, "supportedDevices": ["iPhone15-iPhone15"],
        }],
    }


class Lookup(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, body, headers=()):
        self.send_response(status)
        self.send_header("Content-Type", "text/javascript; charset=utf-8")
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        with open(ANSWERS + ".log", "a") as log:
            log.write(self.path + "\n")
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        if url.path.rstrip("/").split("/")[-1] != "lookup":
            return self.send(404, b"not found")
        app = query.get("bundleId") or query.get("id", "")
        country = query.get("country", "us")
        with open(ANSWERS) as file:
            entry = json.load(file).get(f"{app}/{country}")
        if entry is None:
            return self.send(200, b'{"resultCount":0,"results":[]}')
        if "status" in entry:
            return self.send(entry["status"], b'{"errorMessage":"Service Unavailable"}')
        if "redirect" in entry:
            return self.send(302, b"", [("Location", entry["redirect"])])
        if "raw" in entry:
            return self.send(200, entry["raw"].encode())
        if "huge" in entry:
            # Announced in full, then sent in chunks until the client hangs up.
            self.send_response(200)
            self.send_header("Content-Length", str(entry["huge"]))
            self.end_headers()
            chunk, sent = b" " * 65536, 0
            try:
                while sent < entry["huge"]:
                    self.wfile.write(chunk)
                    sent += len(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        if "slow" in entry:
            time.sleep(entry["slow"])
        return self.send(200, json.dumps(result(app, country, entry)).encode())


ThreadingHTTPServer.daemon_threads = True
ThreadingHTTPServer(("127.0.0.1", PORT), Lookup).serve_forever()
