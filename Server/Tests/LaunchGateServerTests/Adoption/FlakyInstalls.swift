import Foundation
import LaunchGate
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// An install repository whose next `failures` recordings fail, as a database that is briefly down,
/// and whose impact reads fail too when asked.
final class FlakyInstalls: InstallRepository, @unchecked Sendable {
    struct Down: Error {}

    private let base: any InstallRepository
    private let lock = NSLock()
    private var failures: Int
    /// Whether every impact read fails, as one that runs past its time limit.
    private let brokenImpact: Bool
    /// What a broken impact read throws.
    private let impactError: any Error & Sendable

    init(_ base: any InstallRepository, failures: Int, brokenImpact: Bool = false, impactError: any Error & Sendable = Down()) {
        self.base = base
        self.failures = failures
        self.brokenImpact = brokenImpact
        self.impactError = impactError
    }

    private var recordCalls = 0
    /// How many times `record` was called, failed or not.
    var attempts: Int { lock.withLock { recordCalls } }

    func record(_ sightings: [InstallSighting], limits: InstallLimits, admission: InstallAdmission) async throws -> InstallRecordResult {
        let fails = lock.withLock { () -> Bool in
            recordCalls += 1
            defer { failures = max(failures - 1, 0) }
            return failures > 0
        }
        if fails { throw Down() }
        return try await base.record(sightings, limits: limits, admission: admission)
    }

    func groups(appID: String, platform: Platform?, fromDay: Int) async throws -> [InstallGroup] {
        try await base.groups(appID: appID, platform: platform, fromDay: fromDay)
    }

    func impactGroups(appID: String, fromDay: Int, today: Int, limit: Int) async throws -> ImpactGroupPage {
        if brokenImpact { throw impactError }
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
