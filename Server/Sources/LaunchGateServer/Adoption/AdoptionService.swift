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

    /// Active installs per version, build and OS within each window, and the daily history since a day.
    /// - Parameters:
    ///   - app: The app.
    ///   - platform: One platform, or all.
    ///   - windows: Activity windows in days, each 1 to ``maximumDays``.
    ///   - since: The first day of the history, or `nil` for none.
    /// - Throws: ``ServiceError`` `app-not-found`.
    public func report(app: String, platform: Platform?, windows: [Int], since: Date?) async throws -> AdoptionReport {
        guard try await policies.repository.app(id: app) != nil else { throw ServiceError.appNotFound(app) }
        let today = InstallDay.of(now())
        var totals: [Int: [InstallGroupTotal]] = [:]
        for days in Set(windows) { totals[days] = try await installs.totals(appID: app, platform: platform, fromDay: today - days + 1) }
        var history: [DailyVersionCount]?
        if let since {
            history = try await installs.dailyVersions(appID: app, platform: platform, fromDay: max(InstallDay.of(since), today - maximumDays + 1))
        }
        return AdoptionReport(app: app, platform: platform, today: today, windows: windows.map { ($0, totals[$0] ?? []) }, history: history)
    }

    /// What a proposed policy would do to the installs active within ``AdoptionConfiguration/activeDays``.
    /// - Throws: ``ServiceError`` `invalid-policy` first, as a publish would, or `app-not-found`.
    public func impact(of proposed: UpdatePolicy, app: String, channel: ReleaseChannel) async throws -> PolicyImpact {
        let issues = proposed.validate()
        guard issues.isEmpty else { throw ServiceError.invalidPolicy(issues) }
        let current: UpdatePolicy?
        do { current = try await policies.current(app: app, channel: channel).1 } catch let error as ServiceError where error == .noPolicy(app, channel: channel) {
            current = nil
        }
        let days = configuration.activeDays
        let time = now()
        var groups: [ImpactCalculator.Group: Int] = [:]
        for group in try await installs.totals(appID: app, platform: nil, fromDay: InstallDay.of(time) - days + 1) {
            groups[ImpactCalculator.Group(platform: group.platform, version: group.version, build: group.build, os: group.os), default: 0] += group.installs
        }
        let calculator = ImpactCalculator(now: time)
        let (counts, rollouts) = calculator.outcomes(of: proposed, over: groups)
        let currentCounts = current.map { calculator.outcomes(of: $0, over: groups).counts } ?? [:]
        let (newly, cannotUpdate) = calculator.newlyBlocked(proposed: proposed, current: current, over: groups)
        let active = groups.values.reduce(0, +)
        let rounded = counts.mapValues { Int($0.rounded()) }
        let blocked = InstallOutcome.allCases.filter(\.isBlocking).reduce(0) { $0 + (rounded[$1] ?? 0) }
        var floors: [String: String] = [:]
        for (platform, entry) in proposed.platforms { if let floor = entry.latest?.minimumOS { floors[platform.rawValue] = floor.description } }
        let rolloutNote = rollouts.isEmpty ? nil : "Rollout counts are expected values: install IDs are stored only as HMACs, so rollout buckets "
            + "can't be recomputed; installs that only the rollout decides are split by its current share ("
            + rollouts.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \(PolicyImpact.percent($0.value / 100))" }
                .joined(separator: ", ") + ")."
        let summary = PolicyImpact.summary(
            change: PolicyImpact.change(from: current, to: proposed), blocked: blocked, newlyBlocked: newly, active: active, activeDays: days,
            cannotUpdate: cannotUpdate, minimumOS: floors, rolloutNote: rolloutNote)
        return PolicyImpact(app: app, channel: channel.rawValue, activeDays: days, activeInstalls: active, groups: groups.count, outcomes: rounded,
                            currentOutcomes: currentCounts.mapValues { Int($0.rounded()) }, blocked: blocked, newlyBlocked: newly,
                            cannotUpdate: cannotUpdate, minimumOS: floors, rolloutNote: rolloutNote, summary: summary)
    }

    /// Publishes unless the policy would newly block more than the guard's share of active
    /// installs and the publish is not confirmed.
    /// - Returns: The revision and the impact it was checked with.
    /// - Throws: ``AdoptionError`` `confirmation-required` with the impact, or what ``PolicyService/publish(_:app:channel:author:note:)`` throws.
    public func publish(_ policy: UpdatePolicy, app: String, channel: ReleaseChannel, author: String, note: String? = nil,
                        confirmed: Bool) async throws -> (PolicyRevision, PolicyImpact) {
        guard try await policies.repository.app(id: app) != nil else { throw ServiceError.appNotFound(app) }
        let impact = try await impact(of: policy, app: app, channel: channel)
        if !confirmed, impact.newlyBlockedShare > configuration.publishGuardShare {
            throw AdoptionError.confirmationRequired(impact, limit: configuration.publishGuardShare)
        }
        return (try await policies.publish(policy, app: app, channel: channel, author: author, note: note), impact)
    }
}
