import HTTPTypes
import Hummingbird
import Metrics

/// The read hot path, ahead of the router: a `GET` for a public document the server has already
/// answered is served from a prepared response keyed by the exact request target, with no
/// routing, query parsing, header building or middleware.
///
/// Anything else (first requests after a publish, exempt installs, errors, admin) falls through to
/// the router, which prepares the response for next time. Requests served here are counted in
/// `launchgate_fast_path_responses_total` instead of the per-route HTTP metrics, and are not
/// logged one by one.
struct PolicyFastPath<Fallback: HTTPResponder>: HTTPResponder where Fallback.Context == LaunchGateRequestContext {
    typealias Context = LaunchGateRequestContext

    let cache: DocumentCache
    let exemptions: ExemptionCache
    let fallback: Fallback
    let counter = Counter(label: "launchgate_fast_path_responses_total")

    func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get, let prepared = cache.prepared(for: request.uri.description) else {
            return try await fallback.respond(to: request, context: context)
        }
        // An install that may be exempt needs its own private answer.
        if request.headers[RequestValues.clientHeader] != nil, exemptions.mayHaveExemptions(app: prepared.app) {
            return try await fallback.respond(to: request, context: context)
        }
        counter.increment()
        return prepared.response(notModified: RequestValues.matches(request, etag: prepared.etag))
    }
}
