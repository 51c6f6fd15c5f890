import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate
import LaunchGateAppStore
import LaunchGateHTTP
import LaunchGateStorage

/// App Store links under the admin API: the same ``AppStoreLinkService`` and sync
/// (``ServerComponents/syncAppStore(app:platform:reset:lookupURL:connectURL:configuration:logger:accept:)``) as `launchgate appstore`. Reading needs the read scope; linking, unlinking and syncing change
/// what is published, so they need the publish scope.
struct AppStoreController<Context: RemoteAddressRequestContext> {
    let components: ServerComponents
    let lookupURL: URL
    /// App Store Connect, whose phased release a sync follows as the serve-wide poller does.
    var connectURL: AppStoreConnectURL = .apple
    /// The serve-wide poller's configuration, which a sync follows: its interval, backoff and deadline.
    var poller = AppStorePollerConfiguration()
    let authenticator: AdminAuthenticator

    struct LinkBody: Decodable {
        let platform: String
        let bundleId: String?
        let appleId: String?
        let storefronts: [String]
        let pins: [String]?
    }

    struct SyncBody: Decodable {
        let platform: String
        let reset: Bool?
        /// A version to accept (`sync --accept`): taken and trusted, every storefront's floor kept.
        let accept: String?
    }

    struct LinkStatus: Encodable {
        let lastPollAt: Date?
        let lastSuccessAt: Date?
        let lastError: String?
        let failures: Int
        let nextPollAt: Date
        /// Apple's phased release as the last poll found it, or why the policy's own rollout applies.
        let phasedRelease: String?
        /// The answers the last poll ignored: stale, implausible or held, one line each.
        let ignoredAnswers: [String]
        /// The version jumps are measured from (review s15, M12).
        let trustedVersion: String?
        /// The newest version served, and since when its major.minor has been the newest: trusted once that has stood for a day.
        let newestVersion: String?
        let newestMinorSince: Date?
        /// Each storefront's own last answer and error, by code; a storefront no poll has asked yet is absent.
        let storefronts: [String: StorefrontStatus]
    }

    /// One storefront's status: when it was asked and answered, what it answered, its error, and its "no such app" run.
    struct StorefrontStatus: Encodable {
        let lastPollAt: Date?
        let lastAnswerAt: Date?
        /// A version, or "no such app".
        let lastAnswer: String?
        let lastError: String?
        let missingSince: Date?
        let missingPolls: Int
        /// When it was withdrawn from `storefronts` for saying "no such app" long enough.
        let withdrawnAt: Date?

        init(_ status: AppStoreStorefrontStatus) {
            (lastPollAt, lastAnswerAt, lastAnswer, lastError) = (status.lastPollAt, status.lastAnswerAt, status.lastAnswer, status.lastError)
            (missingSince, missingPolls, withdrawnAt) = (status.missingSince, status.missingPolls, status.withdrawnAt)
        }
    }

    struct Link: Encodable {
        let platform: Platform
        let bundleId: String?
        let appleId: String?
        let storefronts: [String]
        let pins: [String]
        let served: [String: AppVersion]
        let status: LinkStatus

        init(_ link: AppStoreLink) {
            platform = link.platform
            bundleId = link.identity.bundleID
            if case .appleID(let id) = link.identity { appleId = id } else { appleId = nil }
            storefronts = link.storefronts
            pins = link.pins.map(\.rawValue).sorted()
            served = link.served
            status = LinkStatus(lastPollAt: link.status.lastPollAt, lastSuccessAt: link.status.lastSuccessAt, lastError: link.status.lastError,
                                failures: link.status.failures, nextPollAt: link.status.nextPollAt, phasedRelease: link.status.phasedRelease,
                                ignoredAnswers: link.status.ignoredAnswers.map { $0.line(app: link.app, platform: link.platform) },
                                trustedVersion: link.status.trustedVersion?.description, newestVersion: link.status.newestVersion?.description,
                                newestMinorSince: link.status.newestMinorSince, storefronts: link.status.storefronts.mapValues(StorefrontStatus.init))
        }
    }

    struct SyncResult: Encodable {
        let result: String
        let errors: [String]
        /// What was published, when something was.
        let storefronts: [String: AppVersion]?
        /// The version each storefront that answered serves.
        let answered: [String: AppVersion]
        /// The storefronts the poll didn't reach: its deadline, repeated timeouts, or (result `paced`
        /// when none was asked) the minute's lookups were spent; `problems` says which.
        let notPolled: [String]
        /// Every problem, one line each: the errors, then why the storefronts in `notPolled` weren't asked.
        let problems: [String]
        /// The storefronts this poll withdrew from `storefronts`: they have said "no such app" long enough.
        let withdrawn: [String]
        /// The answers the poll ignored (stale, implausible or held), one line each; they published nothing.
        let ignored: [String]
        /// The held ones among `ignored`: they wait for a sync with `accept` (or `reset`) (the key's name is older than the difference).
        let implausible: [String]
    }

    /// The routes it answers, which the composition root adds to the router.
    var routes: RouteCollection<Context> {
        let router = RouteCollection(context: Context.self)
        let group = router.group("/v1/admin/apps/:app/appstore")
        group.get { request, context in
            try await authenticator.authorize(request, context, .read)
            return try RequestValues.json(try await components.appStoreLinkService.links(app: try app(context)).map(Link.init))
        }
        group.put { request, context in
            try await authenticator.authorize(request, context, .publish)
            let body = try await RequestValues.body(LinkBody.self, from: request, context: context)
            let platform = try platform(body.platform)
            let link = try await components.appStoreLinkService.link(
                app: try app(context), platform: platform, identity: try AppStoreIdentity.parse(bundleID: body.bundleId, appleID: body.appleId),
                storefronts: body.storefronts, pins: try AppStoreLinkService.pins(body.pins ?? []))
            return try RequestValues.json(Link(link))
        }
        group.delete { request, context in
            try await authenticator.authorize(request, context, .publish)
            try await components.appStoreLinkService.unlink(app: try app(context), platform: try platform(request.uri.queryParameters["platform"].map(String.init)))
            return Response(status: .noContent)
        }
        group.post("/sync") { request, context in
            try await authenticator.authorize(request, context, .publish)
            let body = try await RequestValues.body(SyncBody.self, from: request, context: context)
            let (app, platform) = (try app(context), try platform(body.platform))
            let accept = try body.accept.map { text in
                do { return try AppVersion(parsing: text) } catch { throw InputError.invalidVersion("accept", "\(error)") }
            }
            let report = try await components.syncAppStore(app: app, platform: platform, reset: body.reset ?? false, lookupURL: lookupURL,
                                                           connectURL: connectURL, configuration: poller, logger: context.logger, accept: accept)
            return try RequestValues.json(Self.result(report, app: app, platform: platform))
        }
        return router
    }

    private static func result(_ report: AppStorePollReport, app: String, platform: Platform) -> SyncResult {
        let (errors, published): ([String], [String: AppVersion]?) = switch report.outcome {
        case .published(let policy): (report.errors, policy.storefronts)
        case .failed(let errors): (errors, nil)
        case .refused(let reason): ([reason] + report.errors, nil)
        case .unchanged, .raced, .paced: (report.errors, nil)
        }
        return SyncResult(result: report.outcome.metricLabel, errors: errors, storefronts: published, answered: report.answered,
                          notPolled: report.notPolled, problems: report.problems, withdrawn: report.withdrawn,
                          ignored: report.ignored.map { $0.line(app: app, platform: platform) },
                          implausible: report.implausible.map { $0.line(app: app, platform: platform) })
    }

    private func app(_ context: Context) throws -> String { try context.parameters.require("app") }

    private func platform(_ name: String?) throws -> Platform {
        guard let platform = try QueryValues.platform(name, default: nil) else { throw InputError.invalidParameter("platform", "name the platform, such as ios") }
        return platform
    }
}
