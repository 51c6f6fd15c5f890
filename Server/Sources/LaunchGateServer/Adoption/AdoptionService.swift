import Foundation
import LaunchGate

/// Adoption and impact: which versions active installs run, how that changed day by day, and
/// what a proposed policy would do to them; also the publish that refuses to block too many
/// installs unconfirmed. Reads only the group and daily counts, never installs one by one.
public struct AdoptionService: Sendable {
    let installs: any InstallRepository
    let policies: PolicyService
    let configuration: AdoptionConfiguration
    let now: @Sendable () -> Date

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

    /// The most distinct (platform, version, build, OS) groups an impact evaluates: those with
    /// most installs. Past it, the rarest groups are left out and named in the impact, so made-up
    /// versions can't make a dry run or a publish slow.
    public var impactGroupLimit = 20_000

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
    /// (UTC calendar days, today included), counted over every channel's installs. Installs first
    /// seen today are counted apart (``PolicyImpact/newInstalls``), outside the shares the guard checks.
    /// - Throws: ``ServiceError`` `invalid-policy` first, as a publish would, or `app-not-found`.
    public func impact(of proposed: UpdatePolicy, app: String, channel: ReleaseChannel) async throws -> PolicyImpact {
        try await assess(proposed, app: app, channel: channel).impact
    }

    /// Rounds expected counts so they still add up to `total` (largest remainder), so the
    /// outcomes never sum past the active installs.
    static func apportioned(_ counts: [InstallOutcome: Double], total: Int) -> [InstallOutcome: Int] {
        var rounded = counts.mapValues { Int($0.rounded(.down)) }
        let missing = min(total, Int(counts.values.reduce(0, +).rounded())) - rounded.values.reduce(0, +)
        guard missing > 0 else { return rounded }
        let byRemainder = counts.sorted { ($0.value - $0.value.rounded(.down), $1.key.rawValue) > ($1.value - $1.value.rounded(.down), $0.key.rawValue) }
        for (outcome, _) in byRemainder.prefix(missing) { rounded[outcome, default: 0] += 1 }
        return rounded
    }

    /// Publishes unless, on some platform the policy newly blocks installs of, it would newly
    /// block more than the guard's share of that platform's active installs, or leave more than
    /// that share blocked in all, and the publish is not confirmed. The revision the impact was
    /// computed against must still be current when the publish commits.
    /// - Returns: The revision and the impact it was checked with.
    /// When the impact can't be computed (storage fails or runs past its time limit), an
    /// unconfirmed production publish is refused and a confirmed one publishes with an unknown
    /// impact (``PolicyImpact/known`` `false`).
    /// - Throws: ``AdoptionError`` `confirmation-required` with the impact, or `impact-unavailable`; ``ServiceError``
    ///   `publish-race` when another publish came in between, or what ``PolicyService/publish(_:app:channel:author:note:expectedRevision:)`` throws.
    /// - Parameter expectedRevision: The revision the caller's draft was made over (0: none), when
    ///   it must still be current: a form opened over revision 8 must not publish over a 9 that
    ///   came in since, even when it is checked again here.
    public func publish(_ policy: UpdatePolicy, app: String, channel: ReleaseChannel, author: String, note: String? = nil,
                        confirmed: Bool, expectedRevision: Int? = nil) async throws -> (PolicyRevision, PolicyImpact) {
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
            // The install counts are the one part a flood of made-up data can make slow: a
            // confirmed publish or rollback (or one the guard doesn't apply to) never fails on
            // them. It waits at most the reads' time limit, then goes ahead with the impact unknown.
            guard confirmed || channel != .production else { throw AdoptionError.impactUnavailable(app: app, channel: channel) }
            impact = PolicyImpact.unknown(app: app, channel: channel.rawValue, activeDays: configuration.activeDays, guarded: channel == .production)
        }
        if !confirmed, let breach = impact.guardBreach(limit: configuration.publishGuardShare) {
            throw AdoptionError.confirmationRequired(impact, breach: breach, limit: configuration.publishGuardShare)
        }
        return (try await policies.publish(policy, app: app, channel: channel, author: author, note: note, expectedRevision: base), impact)
    }

    /// Publishes an earlier revision's document again, through the same guard as ``publish(_:app:channel:author:note:confirmed:)``:
    /// rolling back to a revision with a higher `required` blocks installs just as publishing it would.
    /// - Throws: ``ServiceError`` `revision-not-found`, or what ``publish(_:app:channel:author:note:confirmed:)`` throws.
    public func rollback(app: String, channel: ReleaseChannel, to number: Int, author: String, confirmed: Bool) async throws -> (PolicyRevision, PolicyImpact) {
        let policy = try await policies.policy(app: app, channel: channel, revision: number)
        return try await publish(policy, app: app, channel: channel, author: author, note: "rollback to \(number)", confirmed: confirmed)
    }
}
