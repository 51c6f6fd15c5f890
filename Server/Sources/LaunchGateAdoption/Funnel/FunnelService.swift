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

    /// The funnel of each revision and platform over the last `days` days (today included),
    /// ordered by revision (newest first), then platform.
    /// - Parameters:
    ///   - app: The app.
    ///   - platform: One platform, or `nil` for all.
    ///   - revision: One revision, or `nil` for all.
    ///   - days: The window, from 1 to ``retentionDays``.
    /// - Throws: ``ServiceError`` `app-not-found`.
    public func summaries(app: String, platform: Platform? = nil, revision: Int? = nil, days: Int = 30) async throws -> [FunnelSummary] {
        guard try await policies.appExists(app) else { throw ServiceError.appNotFound(app) }
        let today = InstallDay.of(now())
        let fromDay = today - min(max(days, 1), retentionDays) + 1
        let daily = try await repository.days(appID: app, platform: platform, revision: revision, fromDay: fromDay)
        let conversions = try await repository.conversions(appID: app, platform: platform, revision: revision, fromDay: fromDay, today: today)
        var byGroup = Dictionary(grouping: daily) { FunnelGroup(platform: $0.platform, revision: $0.revision) }
        for conversion in conversions { byGroup[FunnelGroup(platform: conversion.platform, revision: conversion.revision), default: []] += [] }
        return byGroup.map { group, days in
            var totals = FunnelCounts(revision: group.revision)
            for day in days { for event in PromptFunnel.Event.allCases { totals[event] += day.counts[event] } }
            return FunnelSummary(platform: group.platform, revision: group.revision, totals: totals, daily: days.sorted { $0.day < $1.day },
                                 conversion: conversions.first { $0.platform == group.platform && $0.revision == group.revision })
        }
        .sorted { ($1.revision, $0.platform.rawValue) < ($0.revision, $1.platform.rawValue) }
    }
}
