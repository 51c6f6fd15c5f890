import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateAdoption
import LaunchGateHTTP
import LaunchGatePolicies
import LaunchGateStorage
import NIOCore
@_spi(LaunchGateServer) import LaunchGate

/// `POST /v1/apps/{app}/installs/ping`: the SDK's daily beacon, so installs whose policy reads a
/// CDN answers are counted too. It carries the `LaunchGate-Client` header and, optionally, a JSON
/// body with the prompt counts since the last ping (``FunnelReport``, at most ``maximumBodySize``
/// bytes, read strictly; counts for a revision the app never published are refused with
/// `unknown-revision`).
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
    /// Records the prompt counts; `nil` when recording is off (the body is still checked).
    let funnel: FunnelRecorder?
    let clients: ClientAddressResolver

    /// The largest body read, in bytes: the SDK's is a few hundred.
    static var maximumBodySize: Int { InstallBeacon.maximumBodySize }

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
            let install: ClientHeader.Install
            switch header.checkedInstall() {
            case .success(let checked): install = checked
            case .failure(let problem): throw InputError.invalidClientHeader(problem.reason)
            }
            let report = try await Self.report(request)
            var counts: [FunnelCounts] = []
            if let report, let funnel { counts = try await funnel.check(app: app, report: report) }
            // Accepted whether or not it is kept: a full buffer or a cap is the server's business,
            // and a client must not retry (the next day's beacon counts it again).
            reads?.pingAccepted(app: app, clientHeader: value, client: client, clientIsProxy: clients.isProxy(peer: peer, forwardedFor: forwardedFor))
            // A simulated device's prompts are a demo, as its launches are (left out of adoption too).
            if !header.simulated { funnel?.note(app: app, install: install, counts: counts) }
            return Response(status: .noContent, headers: [.cacheControl: "no-store"])
        }
        return router
    }

    /// The body's prompt counts, or `nil` for an empty body (older SDKs send none).
    /// - Throws: ``InputError`` for a body over the cap or not JSON, ``AdoptionError`` `invalid-funnel`.
    static func report(_ request: Request) async throws -> FunnelReport? {
        let buffer: ByteBuffer
        do { buffer = try await request.collectBody(upTo: maximumBodySize) } catch is NIOTooManyBytesError {
            throw InputError.bodyTooLarge(limit: maximumBodySize)
        }
        guard buffer.readableBytes > 0 else { return nil }
        guard SignInWire.isJSON(request.headers[.contentType]) else {
            throw InputError.invalidBody("send the prompt counts as JSON, with the header Content-Type: application/json")
        }
        do { return try JSONDecoder().decode(FunnelReport.self, from: Data(buffer: buffer)) } catch let DecodingError.dataCorrupted(context) {
            throw AdoptionError.invalidFunnel(context.debugDescription)
        } catch let DecodingError.typeMismatch(_, context) {
            throw AdoptionError.invalidFunnel("\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type")
        } catch let DecodingError.keyNotFound(key, _) {
            throw AdoptionError.invalidFunnel("\"\(key.stringValue)\" is missing")
        } catch {
            throw AdoptionError.invalidFunnel("it is not JSON such as {\"funnel\": [{\"revision\": 12, \"banner\": 1}]}")
        }
    }
}
