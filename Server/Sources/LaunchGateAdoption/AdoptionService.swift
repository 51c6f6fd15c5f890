import Foundation
import LaunchGate
import LaunchGatePolicies
import LaunchGateStorage

/// Adoption and impact: which versions active installs run, how that changed day by day, and
/// what a proposed policy would do to them; also the publish that the ``PublishGuard`` holds
/// until confirmed. Reads only the group and daily counts, never installs one by one.
public struct AdoptionService: Sendable {
    package let installs: any InstallRepository
    package let policies: PolicyService
    /// The settings it was made with.
    public let configuration: AdoptionConfiguration
    package let now: @Sendable () -> Date
    /// Where publishes, rollbacks and refused publishes are reported for webhooks (after they
    /// commit: the policy repository's publish runs its own transaction, which the webhook outbox
    /// isn't part of yet). None by default.
    public var events: any WebhookEvents = NoWebhookEvents()

    /// Creates the service.
    public init(installs: any InstallRepository, policies: PolicyService, configuration: AdoptionConfiguration,
                now: @escaping @Sendable () -> Date) {
        self.installs = installs
        self.policies = policies
        self.configuration = configuration
        self.now = now
    }

    /// The longest activity window and history, in days: what storage keeps.
    public var maximumDays: Int { configuration.retentionDays }

    /// The most distinct (version, build, OS) groups an impact evaluates per platform: those with
    /// most installs. Past it, the rarest groups are left out, named in the impact and assumed the
    /// worst of, so made-up versions can't make a dry run or a publish slow. As many as the cap
    /// keeps with its reserve for named versions (``InstallLimits/keptGroups``), so only a cap
    /// lowered since leaves some out.
    public var impactGroupLimit = InstallLimits().keptGroups

    /// The guard publishes go through.
    public var publishGuard: PublishGuard { PublishGuard(limit: configuration.publishGuardShare) }

    /// Active installs per version, build and OS within each window, and the daily history since a day.
    ///
    /// Each list is one page of storage's aggregate, ranked by installs: however many groups are
    /// kept, a report reads at most `limit` entries per list, and sums the rest into its "other".
    /// - Parameters:
    ///   - app: The app.
    ///   - platform: One platform, or all.
    ///   - windows: Activity windows in days, each 1 to ``maximumDays``.
    ///   - since: The first day of the history, or `nil` for none. The history lists the `limit`
    ///     versions with most installs over it, whatever the page.
    ///   - limit: Entries per list, 1 to ``AdoptionReport/maximumLimit``.
    ///   - page: Which entries, from 1 to ``AdoptionReport/maximumPage``.
    /// - Throws: ``ServiceError`` `app-not-found`; ``StorageError`` `unavailable` when a read runs
    ///   past its time limit.
    public func report(app: String, platform: Platform?, windows: [Int], since: Date?, limit: Int = AdoptionReport.defaultLimit,
                       page: Int = 1) async throws -> AdoptionReport {
        _ = try await policies.app(app)
        let (limit, page) = (min(max(limit, 1), AdoptionReport.maximumLimit), min(max(page, 1), AdoptionReport.maximumPage))
        let today = InstallDay.of(now())
        var pages: [Int: AdoptionReport.WindowPages] = [:]
        for days in Set(windows) {
            let (from, offset) = (today - days + 1, (page - 1) * limit)
            func ranked(_ dimension: InstallShareDimension) async throws -> InstallSharePage {
                try await installs.shares(appID: app, platform: platform, fromDay: from, by: dimension, limit: limit, offset: offset)
            }
            pages[days] = AdoptionReport.WindowPages(days: days, versions: try await ranked(.version), builds: try await ranked(.build),
                                                     os: try await ranked(.os))
        }
        var history: DailyVersionPage?
        if let since {
            history = try await installs.dailyVersions(appID: app, platform: platform, fromDay: max(InstallDay.of(since), today - maximumDays + 1),
                                                       limit: limit)
        }
        let empty = InstallSharePage(entries: [], totalEntries: 0, totalInstalls: 0)
        return AdoptionReport(app: app, platform: platform, today: today,
                              windows: windows.map { pages[$0] ?? AdoptionReport.WindowPages(days: $0, versions: empty, builds: empty, os: empty) },
                              history: history, limit: limit, page: page)
    }

    /// What a proposed policy would do to the installs active within ``AdoptionConfiguration/activeDays``
    /// (UTC calendar days, today included), counted over every channel's installs, from two
    /// aggregate reads of storage. Installs first seen today are counted apart (``PlatformImpact/new``).
    /// - Throws: ``ServiceError`` `invalid-policy` first, as a publish would, or `app-not-found`;
    ///   what storage throws, such as ``StorageError`` `unavailable` past its time limit.
    public func impact(of proposed: UpdatePolicy, app: String, channel: ReleaseChannel) async throws -> PolicyImpact {
        try await measure(proposed, app: app, channel: channel, current: try await checkedCurrent(proposed, app: app, channel: channel))
    }

    /// Publishes unless the ``PublishGuard`` wants the change confirmed and it is not. The
    /// revision the impact was computed against must still be current when the publish commits.
    ///
    /// When the impact can't be computed (storage fails or runs past its time limit), the guard
    /// refuses it unconfirmed, and a confirmed publish goes ahead with the impact unknown
    /// (``PolicyImpact/known`` `false`): the counts are the one part a flood of made-up data can
    /// make slow, so a confirmed publish or rollback waits at most the reads' time limit for them
    /// and publishes with the impact unknown past it.
    /// - Parameter expectedRevision: The revision the caller's draft was made over (0: none), when
    ///   it must still be current: a form opened over revision 8 must not publish over a 9 that
    ///   came in since.
    /// - Parameter condition: Checked in the publish's own transaction (``PublishCondition``): the App
    ///   Store poller's publish holds only while its link does.
    /// - Parameter event: A webhook event of the caller's (the poller's `appstore.changed`), stored in
    ///   the publish's transaction beside `policy.published`, so the two commit together.
    /// - Returns: The revision and the impact it was checked with.
    /// - Throws: ``AdoptionError`` `confirmation-required` with the impact, or `impact-unavailable`; ``ServiceError``
    ///   `publish-race` when another publish came in between, or what ``PolicyService/publish(_:app:channel:author:note:expectedRevision:condition:events:)`` throws.
    public func publish(_ policy: UpdatePolicy, app: String, channel: ReleaseChannel, author: String, note: String? = nil,
                        confirmed: Bool, expectedRevision: Int? = nil, condition: PublishCondition? = nil,
                        event: (@Sendable (PolicyRevision) -> PendingWebhookEvent?)? = nil) async throws -> (PolicyRevision, PolicyImpact) {
        try await guardedPublish(policy, app: app, channel: channel, author: author, note: note, confirmed: confirmed,
                                 expectedRevision: expectedRevision, rollbackTo: nil, condition: condition, event: event)
    }

    /// ``publish(_:app:channel:author:note:confirmed:expectedRevision:condition:event:)``, reporting a rollback as one.
    private func guardedPublish(_ policy: UpdatePolicy, app: String, channel: ReleaseChannel, author: String, note: String?,
                                confirmed: Bool, expectedRevision: Int?, rollbackTo: Int?, condition: PublishCondition? = nil,
                                event: (@Sendable (PolicyRevision) -> PendingWebhookEvent?)? = nil) async throws -> (PolicyRevision, PolicyImpact) {
        _ = try await policies.app(app)
        let current = try await checkedCurrent(policy, app: app, channel: channel)
        let base = current?.0.number ?? 0
        if let expectedRevision, expectedRevision != base { throw ServiceError.publishRace(app, channel: channel) }
        let impact: PolicyImpact
        do {
            impact = try await measure(policy, app: app, channel: channel, current: current)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            impact = PolicyImpact.unknown(app: app, channel: channel, activeDays: configuration.activeDays, proposed: policy)
        }
        if !confirmed {
            let refusal: AdoptionError?
            switch publishGuard.verdict(on: impact) {
            case .publish: refusal = nil
            case .confirm(let breach): refusal = AdoptionError.confirmationRequired(impact, breach: breach, limit: publishGuard.limit)
            case .unknownImpact: refusal = AdoptionError.impactUnavailable(impact, limit: publishGuard.limit)
            }
            if let refusal {
                await events.emit(.publishRefused, appID: app, data: PolicyEventData(app: app, channel: channel.rawValue, revision: nil,
                                                                                  rolledBackTo: rollbackTo, author: author, reason: refusal.code),
                                  occurredAt: now())
                throw refusal
            }
        }
        // The events are stored in the publish's transaction: a crash after the commit can't lose them.
        let events = events
        let revision = try await policies.publish(policy, app: app, channel: channel, author: author, note: note, expectedRevision: base,
                                                  condition: condition) { revision in
            [events.prepare(rollbackTo == nil ? .policyPublished : .policyRolledBack, appID: app,
                            data: PolicyEventData(app: app, channel: channel.rawValue, revision: revision.number, rolledBackTo: rollbackTo,
                                                  author: author, reason: nil),
                            occurredAt: revision.issuedAt),
             event?(revision)].compactMap { $0 }
        }
        return (revision, impact)
    }

    /// Publishes an earlier revision's document again, through the same guard as ``publish(_:app:channel:author:note:confirmed:expectedRevision:condition:event:)``:
    /// rolling back to a revision with a higher `required` blocks installs just as publishing it would.
    /// - Throws: ``ServiceError`` `revision-not-found`, or what ``publish(_:app:channel:author:note:confirmed:expectedRevision:condition:event:)`` throws.
    public func rollback(app: String, channel: ReleaseChannel, to number: Int, author: String, confirmed: Bool) async throws -> (PolicyRevision, PolicyImpact) {
        let policy = try await policies.policy(app: app, channel: channel, revision: number)
        return try await guardedPublish(policy, app: app, channel: channel, author: author, note: "rollback to \(number)", confirmed: confirmed,
                                        expectedRevision: nil, rollbackTo: number)
    }
}
