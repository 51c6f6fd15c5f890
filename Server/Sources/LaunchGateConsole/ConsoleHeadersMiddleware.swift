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
        guard Self.isConsolePath(request.uri.path) else { return response }
        for field in Self.securityHeaders { response.headers[field.name] = field.value }
        return response
    }

    /// Whether the router sends `path` to the console: its first non-empty segment is `console`.
    /// The router skips empty segments, so `//console/sign-in` and `/console//sign-in` reach the
    /// console's pages too; deciding on the raw prefix let them through without the headers.
    /// Refusing `//` instead would break clients that join a base URL ending in `/` to a path.
    package static func isConsolePath(_ path: String) -> Bool {
        path.drop { $0 == "/" }.prefix { $0 != "/" } == "console"
    }
}
