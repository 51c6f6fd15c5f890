import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateHTTP
import LaunchGatePolicies
import LaunchGateStorage
import Prometheus

/// `/healthz`, `/readyz`, `/metrics` and `/openapi.yaml`.
///
/// `/metrics` asks for an admin token of `read` scope or more, as a bearer: it counts requests per
/// route (the admin API's and the console's among them), refused connections and sign-in mail
/// dropped, which is the operator's business, not every client's. A token rather than a second,
/// loopback-only listener: one port to expose and proxy, the same answer behind a load balancer
/// (which a loopback listener can't be scraped through), and Prometheus sends a bearer token with
/// its `authorization` setting. Its refusals are the admin API's (401 in the JSON error shape,
/// failed attempts limited per client).
struct OperationsController<Context: RemoteAddressRequestContext> {
    let policies: PolicyService
    let registry: PrometheusCollectorRegistry
    let authenticator: AdminAuthenticator

    /// The routes it answers, which the composition root adds to the router.
    var routes: RouteCollection<Context> {
        let router = RouteCollection(context: Context.self)
        // A constant answer: the bytes JSONEncoder gives, written once instead of encoded per probe.
        let healthy = ByteBuffer(string: #"{"status":"ok"}"#)
        router.get("/healthz") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: healthy))
        }
        router.get("/readyz") { _, _ in
            do { try await policies.checkStorage() } catch {
                throw OperationsError.databaseNotAnswering
            }
            return try RequestValues.json(["status": "ready"])
        }
        router.get("/metrics") { request, context in
            try await authenticator.authorize(request, context, .read)
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                     body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
        // Read once, into one buffer that every answer shares: a copy per request (57 KB) was
        // held by each slow reader's connection until it drained.
        let description = ServerResources.data("openapi", extension: "yaml").map { ByteBuffer(bytes: $0) }
        router.get("/openapi.yaml") { _, _ in
            guard let description else { throw OperationsError.apiDescriptionMissing }
            return Response(status: .ok, headers: [.contentType: "application/yaml"], body: .init(byteBuffer: description))
        }
        return router
    }
}
