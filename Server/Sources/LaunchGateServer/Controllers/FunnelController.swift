import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate
import LaunchGateAdoption
import LaunchGateHTTP

/// `GET /v1/admin/apps/{app}/funnel`: per channel, policy revision and platform, the prompts the
/// SDK showed, the taps and dismissals, and how many prompted installs then updated within 1, 3
/// and 7 days. Optional `platform`, `channel` (every channel by default; revisions are numbered
/// per channel), `revision` and `days` (default 30). Read scope.
struct FunnelController<Context: RemoteAddressRequestContext> {
    let funnel: FunnelService
    let authenticator: AdminAuthenticator

    /// The window reported when `days` is not given.
    static var defaultDays: Int { 30 }

    /// The routes it answers, which the composition root adds to the router.
    var routes: RouteCollection<Context> {
        let router = RouteCollection(context: Context.self)
        router.get("/v1/admin/apps/:app/funnel") { request, context in
            try await authenticator.authorize(request, context, .read)
            let query = request.uri.queryParameters
            let platform = try QueryValues.platform(query.get("platform"), default: nil)
            let channel = try QueryValues.channelFilter(query.get("channel"))
            let revision = try query.get("revision").map { try QueryValues.number($0, name: "revision", in: 1...Int(Int32.max), default: 1) }
            let days = try QueryValues.days(query.get("days"), maximum: funnel.retentionDays) ?? min(Self.defaultDays, funnel.retentionDays)
            let app = try context.parameters.require("app")
            let summaries = try await funnel.summaries(app: app, platform: platform, channel: channel, revision: revision, days: days)
            return try RequestValues.json(FunnelAnswer(app: app, days: days, revisions: summaries))
        }
        return router
    }
}

/// The answer's shape: the app, the window and one summary per channel, revision and platform.
struct FunnelAnswer: Encodable {
    let app: String
    let days: Int
    let revisions: [FunnelSummary]
}
