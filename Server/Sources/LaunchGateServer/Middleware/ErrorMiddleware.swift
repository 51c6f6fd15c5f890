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
    /// Empty segments are skipped, as the router skips them, so `//api/auth/…` is one too.
    static func isSignInPath(_ path: String) -> Bool {
        let segments = path.split(separator: "/")
        if segments.count >= 2 && segments[0] == "api" && segments[1] == "auth" { return true }
        return segments.count >= 4 && segments[0] == "v1" && segments[1] == "apps" && segments[3] == "auth"
    }
}
