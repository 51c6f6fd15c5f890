import Foundation
import LaunchGate
@testable import LaunchGateServer

/// An install repository that runs `interleave` once, inside the first `totals` or `impactGroups` read: a publish
/// that lands while an impact is being computed.
final class RacingInstalls: InstallRepository, @unchecked Sendable {
    private let base: any InstallRepository
    private let lock = NSLock()
    private var interleave: (@Sendable () async throws -> Void)?

    init(_ base: any InstallRepository, interleave: @escaping @Sendable () async throws -> Void) {
        self.base = base
        self.interleave = interleave
    }

    func record(_ sightings: [InstallSighting], limits: InstallLimits) async throws -> InstallRecordResult {
        try await base.record(sightings, limits: limits)
    }

    func groups(appID: String, platform: Platform?, fromDay: Int) async throws -> [InstallGroup] {
        try await base.groups(appID: appID, platform: platform, fromDay: fromDay)
    }

    private func runOnce() async throws {
        let hook = lock.withLock { () -> (@Sendable () async throws -> Void)? in
            defer { interleave = nil }
            return interleave
        }
        try await hook?()
    }

    func totals(appID: String, platform: Platform?, fromDay: Int) async throws -> [InstallGroupTotal] {
        try await runOnce()
        return try await base.totals(appID: appID, platform: platform, fromDay: fromDay)
    }

    func impactGroups(appID: String, fromDay: Int, today: Int, limit: Int) async throws -> ImpactGroupPage {
        try await runOnce()
        return try await base.impactGroups(appID: appID, fromDay: fromDay, today: today, limit: limit)
    }

    func newInstalls(appID: String, platform: Platform?, day: Int, limit: Int) async throws -> [InstallGroupTotal] {
        try await base.newInstalls(appID: appID, platform: platform, day: day, limit: limit)
    }

    func dailyVersions(appID: String, platform: Platform?, fromDay: Int) async throws -> [DailyVersionCount] {
        try await base.dailyVersions(appID: appID, platform: platform, fromDay: fromDay)
    }

    func refusedSightings(appID: String, fromDay: Int) async throws -> [Platform: Int] {
        try await base.refusedSightings(appID: appID, fromDay: fromDay)
    }

    func prune(before day: Int) async throws -> Int { try await base.prune(before: day) }
}
