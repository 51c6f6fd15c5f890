import Foundation
import LaunchGate
import LaunchGatePolicies
import LaunchGateStorage

/// Reads the prompt funnel for the admin API, the CLI and the console.
public struct FunnelService: Sendable {
    /// The longest window a report covers, in days: the retention of the counts.
    public let retentionDays: Int
    private let repository: any FunnelRepository
    private let policies: PolicyService
    private let now: @Sendable () -> Date

    /// Creates the service.
    public init(repository: any FunnelRepository, policies: PolicyService, retentionDays: Int, now: @escaping @Sendable () -> Date) {
        self.repository = repository
        self.policies = policies
        self.retentionDays = retentionDays
        self.now = now
    }

    /// The funnel of each channel's revision and platform over the last `days` days (today
    /// included), ordered by channel (production first), revision (newest first), then platform.
    /// - Parameters:
    ///   - app: The app.
    ///   - platform: One platform, or `nil` for all.
    ///   - channel: One channel, or `nil` for all.
    ///   - revision: One revision, or `nil` for all (with no channel, that number on every channel).
    ///   - days: The window, from 1 to ``retentionDays``.
    /// - Throws: ``ServiceError`` `app-not-found`.
    public func summaries(app: String, platform: Platform? = nil, channel: ReleaseChannel? = nil, revision: Int? = nil,
                          days: Int = 30) async throws -> [FunnelSummary] {
        guard try await policies.appExists(app) else { throw ServiceError.appNotFound(app) }
        let today = InstallDay.of(now())
        let fromDay = today - min(max(days, 1), retentionDays) + 1
        let daily = try await repository.days(appID: app, platform: platform, channel: channel, revision: revision, fromDay: fromDay)
        let conversions = try await repository.conversions(appID: app, platform: platform, channel: channel, revision: revision,
                                                           fromDay: fromDay, today: today)
        let group = { (platform: Platform, channel: ReleaseChannel, revision: Int) in FunnelGroup(platform: platform, channel: channel, revision: revision) }
        var byGroup = Dictionary(grouping: daily) { group($0.platform, $0.channel, $0.revision) }
        for conversion in conversions { byGroup[group(conversion.platform, conversion.channel, conversion.revision), default: []] += [] }
        return byGroup.map { key, days in
            var totals = FunnelCounts(revision: key.revision, channel: key.channel)
            for day in days { for event in PromptFunnel.Event.allCases { totals[event] += day.counts[event] } }
            return FunnelSummary(platform: key.platform, channel: key.channel, revision: key.revision, totals: totals,
                                 daily: days.sorted { $0.day < $1.day },
                                 conversion: conversions.first { group($0.platform, $0.channel, $0.revision) == key })
        }
        // Production first (allCases order), then the newest revision, then the platform.
        .sorted {
            let order = { (channel: ReleaseChannel) in ReleaseChannel.allCases.firstIndex(of: channel) ?? 0 }
            return (order($0.channel), $1.revision, $0.platform.rawValue) < (order($1.channel), $0.revision, $1.platform.rawValue)
        }
    }
}
