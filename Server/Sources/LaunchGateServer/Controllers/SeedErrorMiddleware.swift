import Hummingbird

/// Renders every error of the sign-in routes in the seed's shape; the outer ``ErrorMiddleware``
/// still stamps the request ID.
struct SeedErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do { return try await next(request, context) } catch {
            return SeedErrorResponse.response(for: error, logger: context.logger)
        }
    }
}
