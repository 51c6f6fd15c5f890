import HTTPTypes
import Hummingbird

/// The console's security headers on every response under `/console`, including those no console
/// route answers (a known page with another method), which the error middleware turns into the
/// API's JSON: a page a browser may frame or sniff must not exist under the console's origin path.
/// It is the only place they are set; ``ConsoleMiddleware`` only turns errors into pages.
package struct ConsoleHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Creates the middleware; it has nothing to configure.
    package init() {}

    /// `default-src 'self'`: no inline script or style, nothing from another origin.
    package static var securityHeaders: HTTPFields {
        [
            .contentSecurityPolicy: "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
            HTTPField.Name("X-Frame-Options")!: "DENY",
            .xContentTypeOptions: "nosniff",
            HTTPField.Name("Referrer-Policy")!: "no-referrer",
        ]
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        let path = request.uri.path
        guard path == "/console" || path.hasPrefix("/console/") else { return response }
        for field in Self.securityHeaders { response.headers[field.name] = field.value }
        return response
    }
}
