#!/usr/bin/env python3
"""An OTLP/HTTP receiver for tests, on 127.0.0.1:PORT: takes POST /v1/traces and /v1/metrics in
protobuf (opentelemetry-proto, from PyPI) or JSON, answers 200 with an empty export response, and
appends each span to FILE as one JSON line (name, kind, ids, parent, status, attributes, service)
and each metric's name to FILE.metrics. Runs until SIGTERM or SIGINT.

    scripts/otlp-receiver.py serve PORT FILE
    scripts/otlp-receiver.py check FILE     # asserts on what `scripts/otel-test` sent; exits 1 on a miss
"""
import http.server, json, signal, sys, threading

from google.protobuf import json_format
from opentelemetry.proto.collector.metrics.v1 import metrics_service_pb2
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2

KINDS = {1: "INTERNAL", 2: "SERVER", 3: "CLIENT", 4: "PRODUCER", 5: "CONSUMER"}


def value(any_value):
    kind = any_value.WhichOneof("value")
    return None if kind is None else getattr(any_value, kind)


def decode(body, content_type, message):
    if content_type.startswith("application/json"):
        return json_format.Parse(body, message, ignore_unknown_fields=True)
    message.ParseFromString(body)
    return message


class Receiver(http.server.BaseHTTPRequestHandler):
    lock = threading.Lock()

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        content_type = self.headers.get("Content-Type", "")
        lines, suffix = [], ""
        if self.path == "/v1/traces":
            request = decode(body, content_type, trace_service_pb2.ExportTraceServiceRequest())
            for resource_spans in request.resource_spans:
                resource = {a.key: value(a.value) for a in resource_spans.resource.attributes}
                for scope in resource_spans.scope_spans:
                    for span in scope.spans:
                        lines.append({
                            "name": span.name, "kind": KINDS.get(span.kind, str(span.kind)),
                            "trace_id": span.trace_id.hex(), "span_id": span.span_id.hex(),
                            "parent_span_id": span.parent_span_id.hex(), "status": span.status.code,
                            "attributes": {a.key: value(a.value) for a in span.attributes},
                            "service": resource.get("service.name"),
                        })
            answer = trace_service_pb2.ExportTraceServiceResponse()
        elif self.path == "/v1/metrics":
            request = decode(body, content_type, metrics_service_pb2.ExportMetricsServiceRequest())
            lines = [{"metric": m.name} for rm in request.resource_metrics for sm in rm.scope_metrics for m in sm.metrics]
            answer, suffix = metrics_service_pb2.ExportMetricsServiceResponse(), ".metrics"
        else:
            self.send_error(404)
            return
        with self.lock, open(self.server.file + suffix, "a") as f:
            for line in lines:
                f.write(json.dumps(line) + "\n")
        if content_type.startswith("application/json"):
            payload, kind = json_format.MessageToJson(answer).encode(), "application/json"
        else:
            payload, kind = answer.SerializeToString(), "application/x-protobuf"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args):
        pass


def serve(port, file):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Receiver)
    server.file = file
    open(file, "a").close()
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    print(f"otlp receiver on 127.0.0.1:{port}, writing to {file}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


def check(file):
    """What scripts/otel-test's requests must have left: each rule printed, ok or FAIL."""
    spans = [json.loads(line) for line in open(file)]
    failures = 0

    def expect(condition, rule, detail=""):
        nonlocal failures
        print(("ok   " if condition else "FAIL ") + rule)
        if not condition:
            failures += 1
            print("     " + str(detail)[:600])

    by_id = {s["span_id"]: s for s in spans}
    named = lambda name: [s for s in spans if s["name"] == name]
    children = lambda span: [s for s in spans if s["parent_span_id"] == span["span_id"] and s["trace_id"] == span["trace_id"]]
    summary = sorted({s["name"] for s in spans})

    expect(spans and all(s["service"] == "launchgate-otel-test" for s in spans), "every span names the service OTEL_SERVICE_NAME gave", summary)
    publish = named("PUT /v1/admin/apps/{app}/policy")
    expect(len(publish) == 1, "one span for the admin publish, named by its route's template", summary)
    for span in publish:
        a = span["attributes"]
        expect(span["kind"] == "SERVER" and a.get("http.route") == "/v1/admin/apps/{app}/policy"
               and a.get("http.request.method") == "PUT" and a.get("http.response.status_code") == 201,
               "the publish span has the method, the route template and the status", span)
        writes = [s for s in children(span) if s["name"] == "db.transaction"]
        expect(writes and all(s["kind"] == "CLIENT" and s["attributes"].get("db.system.name") == "sqlite"
                              and s["attributes"].get("db.operation.name") for s in writes),
               "the publish's database transaction is a child of the request's span, with the system and the operation's name",
               [(s["name"], s["attributes"]) for s in children(span)])
    reads = named("GET /v1/apps/{app}/policy")
    expect(1 <= len(reads) < 5, "of five policy reads, those answered by the router have spans and those on the prepared-answer path none",
           f"{len(reads)} read spans; {summary}")
    expect(all(s["attributes"].get("http.response.status_code") == 200 for s in reads), "the read spans have status 200", reads)
    sends = named("POST /api/auth/send-code")
    expect(len(sends) == 1 and sends[0]["attributes"].get("http.response.status_code") == 200, "one span for the sign-in send-code", summary)
    if sends:
        expect(any(s["name"].startswith("db.") for s in children(sends[0])), "send-code's database work is a child of its span",
               [s["name"] for s in children(sends[0])])
    mail = named("mail.deliver")
    expect(any(s["attributes"].get("launchgate.mail.outcome") == "sent" and s["attributes"].get("launchgate.app") == "demo" for s in mail),
           "the outbox worker's delivery has a span with the app and the outcome", mail)
    if mail:
        expect(any(s["name"].startswith("db.") for s in children(mail[0])), "the delivery's database work is a child of its span",
               [s["name"] for s in children(mail[0])])
    expect(all(s["parent_span_id"] == "" or s["parent_span_id"] in by_id for s in spans if s["name"].startswith("db.")),
           "every database span's parent arrived too", "")
    text = json.dumps([s["attributes"] for s in spans])
    expect("example.com" not in text and "url.path" not in text and "url.query" not in text and not any(word in text.upper() for word in ("SELECT ", "INSERT ", "UPDATE ", "DELETE FROM")),
           "no span carries an address, a raw path or query, or SQL", text[:300])
    return 1 if failures else 0


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(int(sys.argv[2]), sys.argv[3])
    else:
        sys.exit(check(sys.argv[2]))
