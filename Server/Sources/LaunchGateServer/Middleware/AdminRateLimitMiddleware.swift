import HTTPTypes
import Hummingbird

/// Limits the admin API per client address (30 requests at once, one more per second), so a
/// token can't be guessed by brute force; the public endpoints are left to the CDN.
struct AdminRateLimitMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    let limiter: RateLimiter

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/v1/admin") else { return try await next(request, context) }
        let client = context.remoteAddress?.ipAddress ?? "unknown"
        if let retryAfter = limiter.take(for: client) {
            throw ServerError(.tooManyRequests, code: "rate-limited",
                              message: "too many admin requests from this address; retry in \(retryAfter) s",
                              headers: [.retryAfter: "\(retryAfter)"])
        }
        return try await next(request, context)
    }
}
