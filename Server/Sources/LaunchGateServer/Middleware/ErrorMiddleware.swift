import HTTPTypes
import Hummingbird

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
            return ErrorResponse.response(for: error, requestID: context.id, logger: context.logger)
        }
    }
}
