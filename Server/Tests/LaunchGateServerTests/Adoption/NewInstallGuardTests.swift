import Foundation
import LaunchGate
import Testing
@testable import LaunchGateServer

@Suite("Installs first seen today can't steer the publish guard: they are counted apart")
struct NewInstallGuardTests {
    /// The sample policy with required (and, so it stays valid, recommended) raised to `version`.
    private func raised(_ version: AppVersion) -> UpdatePolicy {
        var policy = Samples.policy(required: version)
        policy.platforms[.ios]?.recommended = VersionRequirement(version: version)
        return policy
    }

    private func flood(_ installs: any InstallRepository, count: Int, version: String = "99.0.0") async throws {
        try await installs.record((0..<count).map {
            InstallSighting(appID: "notes", platform: .ios, installHash: "made-up-\($0)", version: version, build: "1", os: "17.0", at: Samples.now)
        })
    }

    // MARK: Tests

    @Test("a flood of made-up installs on a new version leaves the guard's shares as they were, and the publish is still refused",
          arguments: TestBackend.available)
    func floodDoesNotDilute(_ backend: TestBackend) async throws {
        let server = try await AdoptionFixture.server(backend)
        let adoption = server.components.adoption
        let before = try await adoption.impact(of: raised("2.4.0"), app: "notes", channel: .production)
        #expect(before.platforms["ios"] == PlatformImpact(activeInstalls: 100, blocked: 50, newlyBlocked: 40, establishedInstalls: 100,
                                                          establishedBlocked: 50, establishedNewlyBlocked: 40))
        try await flood(server.components.installs, count: 1_000)
        let after = try await adoption.impact(of: raised("2.4.0"), app: "notes", channel: .production)
        #expect(after.platforms == before.platforms)
        #expect(after.activeInstalls == 100 && after.blocked == 50 && after.newlyBlockedShare == before.newlyBlockedShare)
        #expect(after.newInstalls == 1_000 && after.newInstallsBlocked == 0)
        #expect(after.summary.hasPrefix(before.summary), "\(after.summary)")
        #expect(after.summary.contains("Plus 1,000 installs first seen today (0 of them blocked)"), "\(after.summary)")
        do {
            _ = try await adoption.publish(raised("2.4.0"), app: "notes", channel: .production, author: "t", confirmed: false)
            Issue.record("a flood of made-up installs let a 40 % lockout through unconfirmed")
        } catch let error as AdoptionError {
            #expect(error.code == "confirmation-required")
            #expect(error.message.contains("newly blocks 40 % of active ios installs"), "\(error.message)")
        }
        await server.close()
    }

    @Test("on a platform's first day, with no older installs, the guard measures the new ones rather than nothing")
    func firstDay() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await flood(server.components.installs, count: 10, version: "2.1.0")
            let impact = try await server.components.adoption.impact(of: raised("2.4.0"), app: "notes", channel: .production)
            #expect(impact.activeInstalls == 0 && impact.newInstalls == 10 && impact.newInstallsBlocked == 10)
            #expect(impact.summary.hasPrefix("No installs first seen before today were seen in the last 30 days."), "\(impact.summary)")
            #expect(impact.guardBreach(limit: 0.2)?.platform == "ios")
        }
    }
}
