import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateAdoption
import LaunchGateHTTP
import LaunchGatePolicies
import LaunchGateStorage
@_spi(LaunchGateServer) import LaunchGate

/// `POST /v1/apps/{app}/installs/ping`: the SDK's daily beacon, so installs whose policy reads a
/// CDN answers are counted too. It carries nothing but the `LaunchGate-Client` header.
///
/// It spends its client's recording budget (``PolicyReadObserver/admitPing(client:)``; the client
/// is the peer, or the forwarded address behind a trusted proxy, IPv6 per /64) before anything
/// else is looked at, answering 429 past it, and the header is checked as strictly as the
/// recorder checks it (``ClientHeader/checkedInstall()``), so a client learns at once what would
/// never be counted. With recording off it records, and limits, nothing.
struct InstallsController<Context: RemoteAddressRequestContext> {
    let policies: PolicyService
    /// Asked to admit each ping and told of each accepted one; `nil` when recording is off.
    let reads: (any PolicyReadObserver)?
    let clients: ClientAddressResolver

    /// The routes it answers, which the composition root adds to the router.
    var routes: RouteCollection<Context> {
        let router = RouteCollection(context: Context.self)
        router.post("/v1/apps/:app/installs/ping") { request, context in
            let (peer, forwardedFor) = (context.remoteAddress?.ipAddress, request.headers[values: .xForwardedFor])
            let client = clients.limitKey(peer: peer, forwardedFor: forwardedFor)
            if let retryAfter = reads?.admitPing(client: client) { throw AdoptionError.tooManyPings(retryAfter: retryAfter) }
            let app = try context.parameters.require("app")
            guard try await policies.appExists(app) else { throw ServiceError.appNotFound(app) }
            guard let value = request.headers[RequestValues.clientHeader] else { throw InputError.invalidClientHeader("it is missing") }
            guard let header = ClientHeader.parse(value) else {
                throw InputError.invalidClientHeader("it is not the dictionary the SDK sends, or longer than \(ClientHeader.maximumLength) bytes")
            }
            if case .failure(let problem) = header.checkedInstall() { throw InputError.invalidClientHeader(problem.reason) }
            // Accepted whether or not it is kept: a full buffer or a cap is the server's business,
            // and a client must not retry (the next day's beacon counts it again).
            reads?.pingAccepted(app: app, clientHeader: value, client: client, clientIsProxy: clients.isProxy(peer: peer, forwardedFor: forwardedFor))
            return Response(status: .noContent, headers: [.cacheControl: "no-store"])
        }
        return router
    }
}
