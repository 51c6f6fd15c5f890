import Hummingbird

/// The console's security headers on every response under `/console`, including those no console
/// route answers (a known page with another method), which the error middleware turns into the
/// API's JSON: a page a browser may frame or sniff must not exist under the console's origin path.
struct ConsoleHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        let path = request.uri.path
        guard path == "/console" || path.hasPrefix("/console/") else { return response }
        for field in ConsoleMiddleware<Context>.securityHeaders { response.headers[field.name] = field.value }
        return response
    }
}
