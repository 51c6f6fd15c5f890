import HTTPTypes
import Hummingbird

/// Echoes the request's ID (the one in every log line for it) as `X-Request-ID`, so a client's
/// report can be matched to the server's logs.
struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            var response = try await next(request, context)
            response.headers[.init("X-Request-ID")!] = context.id
            return response
        } catch let error as ServerError {
            var response = try error.response(from: request, context: context)
            response.headers[.init("X-Request-ID")!] = context.id
            return response
        }
    }
}
