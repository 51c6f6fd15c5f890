import HTTPTypes
import Hummingbird
import Tracing

/// One span per request that reaches the router, named by its route's template
/// (`GET /v1/apps/{app}/policy`), with the method, the template and the status.
///
/// Hummingbird's `TracingMiddleware` records the raw path and query as attributes, and the query
/// carries install IDs and versions (as ``RequestLogMiddleware`` notes): an app's ID or a device's
/// in a trace backend is neither bounded nor private. This records only what the route already
/// bounds. A request's `traceparent` header is honoured, so a span joins a caller's trace.
///
/// Reads answered by ``PreparedAnswerHandler`` never reach the router and so have no span (see there).
struct RequestSpanMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var parent = InstrumentationContext.current ?? .topLevel
        InstrumentationSystem.instrument.extract(request.headers, into: &parent, using: HeaderExtractor())
        // The name is known only once the router has matched; until then it says so.
        let span = startSpan("\(request.method.rawValue.prefix(16)) (no route)", context: parent, ofKind: .server)
        span.attributes["http.request.method"] = String(request.method.rawValue.prefix(16))
        do {
            let response = try await InstrumentationContext.$current.withValue(span.context) { try await next(request, context) }
            finish(span, request: request, context: context, status: Int(response.status.code))
            return response
        } catch {
            let status = Int((error as? any HTTPResponseError)?.status.code ?? 500)
            span.recordError(error)
            finish(span, request: request, context: context, status: status)
            throw error
        }
    }

    /// Names the span after the matched route and ends it. The span ends when the handler returns,
    /// not when the body is written: the answers here are small and written at once.
    private func finish(_ span: any Span, request: Request, context: Context, status: Int) {
        if let route = context.endpointPath {
            span.operationName = "\(request.method.rawValue.prefix(16)) \(route)"
            span.attributes["http.route"] = route
        }
        span.attributes["http.response.status_code"] = status
        // OpenTelemetry's HTTP conventions: a server span fails on 5xx only; a 4xx is the client's.
        if status >= 500 { span.setStatus(.init(code: .error)) }
        span.end()
    }
}

/// Reads propagation headers (`traceparent`, `tracestate`) from a request.
private struct HeaderExtractor: Extractor {
    func extract(key: String, from headers: HTTPFields) -> String? {
        guard let name = HTTPField.Name(key) else { return nil }
        return headers[name]
    }
}
