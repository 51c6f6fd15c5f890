import HTTPTypes
import Hummingbird
import LaunchGateHTTP

/// Turns every error into ``ErrorResponse``'s JSON shape and stamps every response with the
/// request's ID (the one in its log lines) as `X-Request-ID`, so a client's report can be matched
/// to the server's logs. Outermost, so Hummingbird's own 404s and 413s come through it too.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            var response = try await next(request, context)
            response.headers[.requestID] = context.id
            return response
        } catch {
            // A sign-in path no route matched (a wrong method, a misspelt endpoint) never reached
            // the sign-in routes' own middleware; its client still parses only seed 002's shape.
            if Self.isSignInPath(request.uri.path) {
                var response = SeedErrorResponse.response(for: error, logger: context.logger)
                response.headers[.requestID] = context.id
                return response
            }
            return ErrorResponse.response(for: error, requestID: context.id, logger: context.logger)
        }
    }

    /// `/api/auth/…` or `/v1/apps/{app}/auth/…`: the paths whose answers have seed 002's shape.
    static func isSignInPath(_ path: String) -> Bool {
        if path.hasPrefix("/api/auth/") { return true }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return segments.count >= 5 && segments[0].isEmpty && segments[1] == "v1" && segments[2] == "apps" && segments[4] == "auth"
    }
}
