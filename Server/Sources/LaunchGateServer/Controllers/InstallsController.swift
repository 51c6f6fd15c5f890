import Foundation
import HTTPTypes
import Hummingbird
@_spi(LaunchGateServer) import LaunchGate

/// `POST /v1/apps/{app}/installs/ping`: the SDK's daily beacon, so installs whose policy reads a
/// CDN answers are counted too. It carries nothing but the `LaunchGate-Client` header.
///
/// Limited per client (the peer, or the forwarded address behind a trusted proxy, IPv6 per /64)
/// before anything else is looked at, and the header is checked as strictly as the recorder
/// checks it (``ClientHeader/checkedInstall()``), so a client learns at once what would never be counted.
struct InstallsController<Context: RemoteAddressRequestContext> {
    let policies: PolicyService
    let sightings: SightingIntake?
    /// Pings per client; its table is bounded (``RateLimiter``).
    let limiter: RateLimiter
    let clients: ClientAddressResolver

    func addRoutes(to router: Router<Context>) {
        router.post("/v1/apps/:app/installs/ping") { request, context in
            let client = clients.limitKey(peer: context.remoteAddress?.ipAddress, forwardedFor: request.headers[values: .xForwardedFor])
            if let retryAfter = limiter.take(for: client) { throw AdoptionError.tooManyPings(retryAfter: retryAfter) }
            let app = try context.parameters.require("app")
            guard try await policies.appExists(app) else { throw ServiceError.appNotFound(app) }
            guard let value = request.headers[RequestValues.clientHeader] else { throw InputError.invalidClientHeader("it is missing") }
            guard let header = ClientHeader.parse(value) else {
                throw InputError.invalidClientHeader("it is not the dictionary the SDK sends, or longer than \(ClientHeader.maximumLength) bytes")
            }
            if case .failure(let problem) = header.checkedInstall() { throw InputError.invalidClientHeader(problem.reason) }
            // Accepted whether or not it is kept: a full buffer or a cap is the server's business,
            // and a client must not retry (the next day's beacon counts it again).
            sightings?.note(app: app, header: value, peer: context.remoteAddress?.ipAddress, forwardedFor: request.headers[values: .xForwardedFor])
            return Response(status: .noContent, headers: [.cacheControl: "no-store"])
        }
    }
}
