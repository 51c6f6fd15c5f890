import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateHTTP
import LaunchGatePolicies
import Prometheus

/// `/healthz`, `/readyz`, `/metrics` and `/openapi.yaml`.
struct OperationsController<Context: RequestContext> {
    let policies: PolicyService
    let registry: PrometheusCollectorRegistry

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
        router.get("/metrics") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                     body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
        // Read once, not per request.
        let description = ServerResources.data("openapi", extension: "yaml")
        router.get("/openapi.yaml") { _, _ in
            guard let description else { throw OperationsError.apiDescriptionMissing }
            return Response(status: .ok, headers: [.contentType: "application/yaml"], body: .init(byteBuffer: ByteBuffer(bytes: description)))
        }
        return router
    }
}
