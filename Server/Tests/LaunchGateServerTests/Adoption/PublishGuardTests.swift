import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("The publish guard: rollbacks, per-platform shares, cumulative blocking and races")
struct PublishGuardTests {
    /// The sample policy with required (and, so it stays valid, recommended) raised to `version`.
    private func raised(_ version: AppVersion) -> UpdatePolicy {
        var policy = Samples.policy(required: version)
        policy.platforms[.ios]?.recommended = VersionRequirement(version: version)
        return policy
    }

    private func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    @Test("a rollback to a revision that blocks more than the guard's share is refused with the impact until confirmed",
          arguments: TestBackend.available)
    func rollbackGuarded(_ backend: TestBackend) async throws {
        let server = try await AdoptionFixture.server(backend)
        // Revision 2 blocks half the installs (confirmed); revision 3 lowers required again.
        _ = try await server.components.adoption.publish(raised("2.4.0"), app: "notes", channel: .production, author: "t", confirmed: true)
        _ = try await server.components.adoption.publish(Samples.policy(required: "1.0.0"), app: "notes", channel: .production, author: "t",
                                                         confirmed: false)
        try await server.application.test(.router) { client in
            let auth = TestServer.bearer(server.adminToken)
            let refused = try await client.execute(uri: "/v1/admin/apps/notes/policy/rollback", method: .post, headers: auth,
                                                   body: body(#"{"revision": 2}"#))
            #expect(refused.status == .conflict)
            #expect(refused.errorCode == "confirmation-required")
            let message = try #require((try refused.json()["error"] as? [String: Any])?["message"] as? String)
            #expect(message.contains("of active iOS installs") && message.contains(#""confirm": true"#), "\(message)")
            #expect(try await server.components.policies.current(app: "notes", channel: .production).0.number == 3)
            let confirmed = try await client.execute(uri: "/v1/admin/apps/notes/policy/rollback", method: .post, headers: auth,
                                                     body: body(#"{"revision": 2, "confirm": true}"#))
            #expect(confirmed.status == .created, "\(confirmed.text)")
            #expect(try confirmed.json()["number"] as? Int == 4)
            #expect((try confirmed.json()["impact"] as? [String: Any])?["blocked"] as? Int == 50)
        }
        await server.close()
    }

    @Test("the guard measures each platform against its own active installs and names the platform")
    func perPlatform() async throws {
        let server = try await AdoptionFixture.server()
        // 900 up-to-date Android installs: raising iOS newly blocks 40 of 100 iOS installs, 4 % of all.
        try await AdoptionFixture.established((0..<900).map {
            InstallSighting(appID: "notes", platform: .android, installHash: "android-\($0)", version: "2.4.0", build: "", os: "14",
                            at: Samples.now)
        }, in: server.components.installs)
        let impact = try await server.components.adoption.impact(of: raised("2.4.0"), app: "notes", channel: .production)
        #expect(impact.active.newlyBlocked == 40 && impact.active.installs == 1_000)
        #expect(impact.platforms[.ios]?.active == ImpactCounts(installs: 100, blocked: 50, newlyBlocked: 40))
        #expect(impact.platforms[.ios]?.established == ImpactCounts(installs: 100, blocked: 50, newlyBlocked: 40))
        do {
            _ = try await server.components.adoption.publish(raised("2.4.0"), app: "notes", channel: .production, author: "t", confirmed: false)
            Issue.record("a change that newly blocks 40 % of iOS went through unconfirmed")
        } catch let error as AdoptionError {
            #expect(error.code == "confirmation-required")
            #expect(error.message.contains("it newly blocks 40 % of active iOS installs"), "\(error.message)")
        }
        await server.close()
    }

    @Test("a small raise is refused when it leaves more than the guard's share blocked, quoting that share")
    func cumulative() async throws {
        let server = try await AdoptionFixture.server()
        // 2.2.0 newly blocks 20 of 100 (the limit, allowed on its own) but leaves 30 blocked.
        do {
            _ = try await server.components.adoption.publish(raised("2.2.0"), app: "notes", channel: .production, author: "t", confirmed: false)
            Issue.record("a raise that leaves 30 % blocked went through unconfirmed")
        } catch let error as AdoptionError {
            #expect(error.message.contains("leaves 30 % of active iOS installs blocked"), "\(error.message)")
        }
        // A change that newly blocks nobody never needs confirming, however many are blocked already.
        let (_, impact) = try await server.components.adoption.publish(Samples.policy(), app: "notes", channel: .production, author: "t",
                                                                       confirmed: false)
        #expect(impact.active.newlyBlocked == 0 && impact.active.blocked == 10)
        await server.close()
    }

    @Test("a publish whose baseline changed while its impact was computed fails with publish-race", arguments: TestBackend.available)
    func race(_ backend: TestBackend) async throws {
        let server = try await AdoptionFixture.server(backend)
        let policies = server.components.policies
        let racing = RacingInstalls(server.components.installs) {
            _ = try await policies.publish(Samples.policy(required: "2.1.0"), app: "notes", channel: .production, author: "other")
        }
        let adoption = AdoptionService(installs: racing, policies: policies, configuration: AdoptionConfiguration(), now: { Samples.now })
        await #expect(throws: ServiceError.publishRace("notes", channel: .production)) {
            try await adoption.publish(Samples.policy(required: "1.0.0"), app: "notes", channel: .production, author: "t", confirmed: true)
        }
        #expect(try await policies.current(app: "notes", channel: .production).0.author == "other")
        await server.close()
    }

    @Test("a beta policy's impact says it counts every channel's installs, and the guard doesn't apply to it")
    func betaChannel() async throws {
        let server = try await AdoptionFixture.server()
        _ = try await server.components.repository.publish(appID: "notes", channel: .beta, policy: Samples.policy(), author: "t", note: nil, at: Samples.now)
        let (_, impact) = try await server.components.adoption.publish(raised("2.4.0"), app: "notes", channel: .beta, author: "t", confirmed: false)
        #expect(!impact.guarded && PolicyImpactJSON(impact).countedChannels == "all" && impact.active.newlyBlocked == 40)
        #expect(ImpactSentences(impact).summary.contains("cover every channel's installs"), "\(ImpactSentences(impact).summary)")
        await server.close()
    }
}
