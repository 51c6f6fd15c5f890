import Hummingbird
import Logging

/// Logs one line per request with the method, the matched route, the path without its query and
/// the status.
///
/// The query is left out because it carries install IDs, and the path is cut short, so that
/// neither privacy nor disk space depends on what a client puts in a URL.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Path bytes kept in a log line.
    static var maximumPathLength: Int { 200 }

    let level: Logger.Level

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let path = request.uri.path
        let shown = path.utf8.count <= Self.maximumPathLength ? path : String(decoding: path.utf8.prefix(Self.maximumPathLength), as: UTF8.self) + "…"
        context.logger.log(level: level, "request", metadata: [
            "method": "\(request.method.rawValue.prefix(16))",
            "route": "\(context.endpointPath ?? "-")",
            "path": "\(shown)",
            "status": "\(response.status.code)",
            "ms": "\(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)",
        ])
        return response
    }
}
