import HTTPTypes
import Hummingbird
import LaunchGateHTTP
import LaunchGatePolicies
import LaunchGateStorage
@_spi(LaunchGateServer) import LaunchGate

/// The unauthenticated reads apps make: the signed policy, the evaluated check, and the
/// seed-compatible shapes, per app and (for a configured default app) at the seeds' own paths.
///
/// Every answer comes from ``PolicyService``, which prepares it on first request after a change;
/// the hot path (``PreparedAnswerHandler``) answers repeats from the same prepared answers, with
/// the same ``PublicAnswer``.
struct PublicController<Context: RemoteAddressRequestContext> {
    let policies: PolicyService
    let defaultApp: String?
    let maxAge: Int
    /// Told of each answered read that names an install; `nil` when recording is off.
    let reads: (any PolicyReadObserver)?
    let clients: ClientAddressResolver

    /// The routes it answers, which the composition root adds to the router.
    var routes: RouteCollection<Context> {
        let router = RouteCollection(context: Context.self)
        for route in PublicRead.documents {
            router.get(RouterPath("/v1/apps/:app/\(route.suffix)")) { request, context in
                try await document(request, context: context, app: context.parameters.require("app"), format: route.format)
            }
            if let rootPath = route.rootPath {
                router.get(RouterPath(rootPath)) { request, context in
                    guard let defaultApp else { throw ServiceError.noDefaultApp(path: rootPath) }
                    return try await document(request, context: context, app: defaultApp, format: route.format)
                }
            }
        }
        // CDNs and monitors probe with HEAD: the same headers, no body.
        router.head("/v1/apps/:app/policy") { request, context in
            try await document(request, context: context, app: context.parameters.require("app"), format: .canonical)
        }
        router.get("/v1/apps/:app/check") { request, context in
            let app = try context.parameters.require("app")
            let query = try CheckQuery(uri: request.uri)
            let body = try await policies.checkAnswer(app: app, query: query) {
                request.headers[RequestValues.clientHeader].flatMap(ClientHeader.parse)
            }
            noteRead(request, context: context, app: app)
            return Response(PublicAnswer(check: body))
        }
        return router
    }

    private func document(_ request: Request, context: Context, app: String, format: DocumentFormat) async throws -> Response {
        let key = try DocumentKey(app: app, format: format, uri: request.uri)
        let document = try await policies.document(app: key.app, channel: key.channel, platform: key.platform, format: key.format)
        noteRead(request, context: context, app: app)
        return Response(PublicAnswer(document: document, ifNoneMatch: request.headers[values: .ifNoneMatch], maxAge: maxAge,
                                     isHead: request.method == .head))
    }

    private func noteRead(_ request: Request, context: Context, app: String) {
        guard let reads, let header = request.headers[RequestValues.clientHeader] else { return }
        let (peer, forwardedFor) = (context.remoteAddress?.ipAddress, request.headers[values: .xForwardedFor])
        reads.policyRead(app: app, clientHeader: header, client: clients.limitKey(peer: peer, forwardedFor: forwardedFor),
                         clientIsProxy: clients.isProxy(peer: peer, forwardedFor: forwardedFor))
    }
}

extension Response {
    /// The router's form of a public answer.
    init(_ answer: PublicAnswer) {
        self.init(status: answer.status, headers: answer.headers, body: answer.body.map { .init(byteBuffer: $0) } ?? .init())
    }
}
