import Foundation
import LaunchGate
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// An install repository that runs `interleave` once, inside the first `impactGroups` read: a publish
/// that lands while an impact is being computed.
final class RacingInstalls: InstallRepository, @unchecked Sendable {
    private let base: any InstallRepository
    private let lock = NSLock()
    private var interleave: (@Sendable () async throws -> Void)?

    init(_ base: any InstallRepository, interleave: @escaping @Sendable () async throws -> Void) {
        self.base = base
        self.interleave = interleave
    }

    func record(_ sightings: [InstallSighting], limits: InstallLimits, admission: InstallAdmission) async throws -> InstallRecordResult {
        try await base.record(sightings, limits: limits, admission: admission)
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

    func impactGroups(appID: String, fromDay: Int, today: Int, limit: Int) async throws -> ImpactGroupPage {
        try await runOnce()
        return try await base.impactGroups(appID: appID, fromDay: fromDay, today: today, limit: limit)
    }

    func shares(appID: String, platform: Platform?, fromDay: Int, by dimension: InstallShareDimension, limit: Int, offset: Int) async throws
        -> InstallSharePage {
        try await base.shares(appID: appID, platform: platform, fromDay: fromDay, by: dimension, limit: limit, offset: offset)
    }

    func dailyVersions(appID: String, platform: Platform?, fromDay: Int, limit: Int) async throws -> DailyVersionPage {
        try await base.dailyVersions(appID: appID, platform: platform, fromDay: fromDay, limit: limit)
    }

    func refusedSightings(appID: String, fromDay: Int) async throws -> [Platform: RefusedSightings] {
        try await base.refusedSightings(appID: appID, fromDay: fromDay)
    }

    func prune(before day: Int) async throws -> Int { try await base.prune(before: day) }
}
