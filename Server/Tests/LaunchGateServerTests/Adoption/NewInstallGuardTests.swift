import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

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
        #expect(before.platforms[.ios]?.active == ImpactCounts(installs: 100, blocked: 50, newlyBlocked: 40))
        #expect(before.platforms[.ios]?.established == ImpactCounts(installs: 100, blocked: 50, newlyBlocked: 40))
        try await flood(server.components.installs, count: 1_000)
        let after = try await adoption.impact(of: raised("2.4.0"), app: "notes", channel: .production)
        #expect(after.platforms[.ios]?.active == before.platforms[.ios]?.active && after.platforms[.ios]?.established == before.platforms[.ios]?.established)
        #expect(after.active == ImpactCounts(installs: 100, blocked: 50, newlyBlocked: 40))
        #expect(after.new == ImpactCounts(installs: 1_000, blocked: 0, newlyBlocked: 0))
        let (was, now) = (ImpactSentences(before).summary, ImpactSentences(after).summary)
        #expect(now.hasPrefix(was), "\(now)")
        #expect(now.contains("1,000 more iOS installs were first seen today (none of them blocked); they count in none of these figures"), "\(now)")
        do {
            _ = try await adoption.publish(raised("2.4.0"), app: "notes", channel: .production, author: "t", confirmed: false)
            Issue.record("a flood of made-up installs let a 40 % lockout through unconfirmed")
        } catch let error as AdoptionError {
            #expect(error.code == "confirmation-required")
            #expect(error.message.contains("newly blocks 40 % of active iOS installs"), "\(error.message)")
        }
        await server.close()
    }

    @Test("on a platform's first day, with no older installs, a change that blocks new ones needs confirming rather than passing on nothing")
    func firstDay() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await flood(server.components.installs, count: 10, version: "2.1.0")
            let impact = try await server.components.adoption.impact(of: raised("2.4.0"), app: "notes", channel: .production)
            #expect(impact.active.installs == 0 && impact.new == ImpactCounts(installs: 10, blocked: 10, newlyBlocked: 10))
            let summary = ImpactSentences(impact).summary
            #expect(ImpactSentences(impact).sentences == ["Raising required on iOS to 2.4.0 blocks 10 of 10 iOS installs (100 %).",
                "All 10 iOS installs were first seen today: none is established yet (seen twice, a day apart), so the publish guard asks to confirm "
                    + "any change that newly blocks one of them."], "\(summary)")
            #expect(PublishGuard(limit: 0.2).verdict(on: impact) == .confirm(GuardBreach(platform: .ios, measure: .noEstablishedInstalls, share: 1)))
        }
    }
}
