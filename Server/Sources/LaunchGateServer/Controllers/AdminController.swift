import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateAdoption
import LaunchGateHTTP
import LaunchGatePolicies
import LaunchGateStorage
@_spi(LaunchGateServer) import LaunchGate

/// The admin API under `/v1/admin`, closed without a bearer token of the right scope.
struct AdminController<Context: RemoteAddressRequestContext> {
    let policies: PolicyService
    let adoption: AdoptionService
    let authenticator: AdminAuthenticator

    struct NewApp: Decodable {
        let id: String
        let name: String?
    }

    struct Rollback: Decodable {
        let revision: Int
        /// Rolls back even when the publish guard would refuse, as `confirm` does for a publish.
        let confirm: Bool?
    }

    struct NewExemption: Decodable {
        let kind: ExemptionKind
        let value: String
        let note: String?
    }

    struct RevisionSummary: Encodable {
        let app: String
        let channel: String
        let number: Int
        let issuedAt: Date
        let author: String
        let note: String?
        /// What the publish was checked against, when it went through the guard.
        var impact: PolicyImpactJSON?

        init(_ revision: PolicyRevision, impact: PolicyImpact? = nil) {
            self.impact = impact.map { PolicyImpactJSON($0, published: true) }
            app = revision.appID
            channel = revision.channel.rawValue
            number = revision.number
            issuedAt = revision.issuedAt
            author = revision.author
            note = revision.note
        }
    }

    /// The routes it answers, which the composition root adds to the router.
    var routes: RouteCollection<Context> {
        let router = RouteCollection(context: Context.self)
        let admin = router.group("/v1/admin")
        admin.get("/apps") { request, context in
            try await authenticator.authorize(request, context, .read)
            return try RequestValues.json(try await policies.apps())
        }
        admin.post("/apps") { request, context in
            try await authenticator.authorize(request, context, .admin)
            let body = try await RequestValues.body(NewApp.self, from: request, context: context)
            return try RequestValues.json(try await policies.createApp(id: body.id, name: body.name), status: .created)
        }
        admin.get("/apps/:app/policy") { request, context in
            try await authenticator.authorize(request, context, .read)
            let (revision, _) = try await policies.current(app: context.parameters.require("app"), channel: RequestValues.channel(request))
            return Response(status: .ok, headers: [.contentType: "application/json", .init("LaunchGate-Revision")!: "\(revision.number)"],
                            body: .init(byteBuffer: ByteBuffer(bytes: revision.document)))
        }
        admin.put("/apps/:app/policy") { request, context in
            // A dry run publishes nothing, so a read token may ask for one.
            let dryRunText = request.uri.queryParameters.get("dry_run")
            let token = try await authenticator.authorize(request, context,
                                                          (try? QueryValues.flag(dryRunText, name: "dry_run")) == true ? .read : .publish)
            let dryRun = try QueryValues.flag(dryRunText, name: "dry_run")
            let data = Data(buffer: try await request.collectBody(upTo: PolicyReader.maximumSize))
            let policy: UpdatePolicy
            do { policy = try UpdatePolicy(json: data) } catch let error as PolicyError {
                throw ServiceError.invalidPolicy([PolicyIssue(field: error.field.isEmpty ? "(document)" : error.field, reason: error.reason)])
            }
            let app = try context.parameters.require("app")
            let channel = try RequestValues.channel(request)
            if dryRun { return try RequestValues.json(PolicyImpactJSON(try await adoption.impact(of: policy, app: app, channel: channel))) }
            let confirmed = try QueryValues.flag(request.uri.queryParameters.get("confirm"), name: "confirm") || Self.confirms(data)
            let (revision, impact) = try await adoption.publish(policy, app: app, channel: channel, author: token.name, confirmed: confirmed)
            return try RequestValues.json(RevisionSummary(revision, impact: impact), status: .created)
        }
        admin.get("/apps/:app/policy/history") { request, context in
            try await authenticator.authorize(request, context, .read)
            let app = try context.parameters.require("app")
            return try RequestValues.json(try await policies.history(app: app, channel: RequestValues.channel(request)).map { RevisionSummary($0) })
        }
        admin.post("/apps/:app/policy/rollback") { request, context in
            let token = try await authenticator.authorize(request, context, .publish)
            let body = try await RequestValues.body(Rollback.self, from: request, context: context)
            let confirmed = try QueryValues.flag(request.uri.queryParameters.get("confirm"), name: "confirm") || body.confirm == true
            let (revision, impact) = try await adoption.rollback(app: context.parameters.require("app"), channel: RequestValues.channel(request),
                                                                 to: body.revision, author: token.name, confirmed: confirmed)
            return try RequestValues.json(RevisionSummary(revision, impact: impact), status: .created)
        }
        admin.get("/apps/:app/exemptions") { request, context in
            try await authenticator.authorize(request, context, .read)
            return try RequestValues.json(try await policies.exemptions(app: context.parameters.require("app")))
        }
        admin.post("/apps/:app/exemptions") { request, context in
            let token = try await authenticator.authorize(request, context, .admin)
            let body = try await RequestValues.body(NewExemption.self, from: request, context: context)
            let exemption = try await policies.addExemption(app: context.parameters.require("app"), kind: body.kind, id: body.value,
                                                            note: body.note, author: token.name)
            return try RequestValues.json(exemption, status: .created)
        }
        admin.delete("/apps/:app/exemptions/:kind/:value") { request, context in
            let token = try await authenticator.authorize(request, context, .admin)
            guard let kind = ExemptionKind(rawValue: try context.parameters.require("kind")) else {
                throw ServiceError.invalidExemption("kind must be install or device")
            }
            try await policies.removeExemption(app: context.parameters.require("app"), kind: kind,
                                               idOrHash: Self.decoded(context, "value"), author: token.name)
            return Response(status: .noContent)
        }
        return router
    }

    private struct Confirmation: Decodable { let confirm: Bool? }

    /// The document's own `"confirm"` member, which the policy itself ignores.
    private static func confirms(_ data: Data) throws -> Bool {
        do { return try JSONDecoder().decode(Confirmation.self, from: data).confirm ?? false } catch {
            throw InputError.invalidBody("\"confirm\" must be true or false")
        }
    }


    /// A path parameter, percent-decoded: exemption values may hold '/', spaces or any UTF-8.
    private static func decoded(_ context: Context, _ name: String) throws -> String {
        guard let value = try context.parameters.require(name).removingPercentEncoding else { throw InputError.invalidPathParameter(name) }
        return value
    }
}
