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

/// Regression tests for made-up installs against the publish guard (issue 11, attack 14a): a
/// flood dated just before midnight, a platform's first day, groups pushed off the impact's page,
/// and an impact read that fails.
@Suite("Made-up installs can neither get a lockout past the publish guard nor stop a confirmed publish")
struct MadeUpInstallGuardTests {
    /// The sample policy with required (and, so it stays valid, recommended) raised to `version`.
    private func raised(_ version: AppVersion) -> UpdatePolicy {
        var policy = Samples.policy(required: version)
        policy.platforms[.ios]?.recommended = VersionRequirement(version: version)
        return policy
    }

    /// Midnight UTC at the start of ``Samples/now``'s day.
    private var midnight: Date { InstallDay.start(InstallDay.of(Samples.now)) }

    private func flood(_ installs: any InstallRepository, _ prefix: String, count: Int, version: String = "99.0.0", platform: Platform = .ios,
                       at times: [Date]) async throws {
        for time in times {
            try await installs.record((0..<count).map {
                InstallSighting(appID: "notes", platform: platform, installHash: "\(prefix)-\($0)", version: version, build: "1", os: "17.0", at: time)
            })
        }
    }

    private func refusal(_ body: () async throws -> Void) async throws -> AdoptionError? {
        do {
            try await body()
            return nil
        } catch let error as AdoptionError {
            return error
        }
    }

    // MARK: F1, F4: made-up installs dated before today

    @Test("a flood sent just before midnight UTC, and again just after, dilutes the active share but the established share still refuses",
          arguments: TestBackend.available)
    func floodBeforeMidnight(_ backend: TestBackend) async throws {
        let server = try await AdoptionFixture.server(backend)
        let (installs, adoption) = (server.components.installs, server.components.adoption)
        // 1,000 installs seen only at 23:59 the day before, 1,000 seen at 23:59 and again at 00:01:
        // none of them is new today, none of them is established.
        try await flood(installs, "evening", count: 1_000, at: [midnight.addingTimeInterval(-60)])
        try await flood(installs, "overnight", count: 1_000, at: [midnight.addingTimeInterval(-60), midnight.addingTimeInterval(60)])
        let impact = try await adoption.impact(of: raised("2.4.0"), app: "notes", channel: .production)
        #expect(impact.active.installs == 2_100 && impact.active.newlyBlocked == 40 && impact.new.installs == 0)
        #expect(impact.established == ImpactCounts(installs: 100, blocked: 50, newlyBlocked: 40))
        #expect(impact.platforms[.ios]?.established.newlyBlockedShare == 0.4)
        let summary = ImpactSentences(impact).summary
        #expect(summary.contains("Of the 100 established iOS installs (seen twice, a day apart), it blocks 50 (50 %) and newly blocks 40 (40 %)."),
                "\(summary)")
        let error = try await refusal {
            _ = try await adoption.publish(raised("2.4.0"), app: "notes", channel: .production, author: "t", confirmed: false)
        }
        #expect(error?.code == "confirmation-required", "a flood dated before today let a 40 % lockout through unconfirmed")
        #expect(error?.message.contains("newly blocks 40 % of established iOS installs") == true, "\(error?.message ?? "")")
        #expect(PublishGuard(limit: 0.2).verdict(on: impact) == .confirm(GuardBreach(platform: .ios, measure: .establishedNewlyBlocked, share: 0.4)))
        await server.close()
    }

    @Test("on a platform with no established installs, a flood of today's installs can't get a lockout through: it needs confirming once")
    func firstDayFlood() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            let installs = server.components.installs
            try await flood(installs, "old", count: 100, version: "2.1.0", at: [Samples.now])
            try await flood(installs, "new", count: 100, version: "2.4.1", at: [Samples.now])
            try await flood(installs, "made-up", count: 1_000, at: [Samples.now])
            let impact = try await server.components.adoption.impact(of: raised("2.3.0"), app: "notes", channel: .production)
            #expect(impact.new.installs == 1_200 && impact.new.blocked == 100 && impact.established.installs == 0)
            #expect(ImpactSentences(impact).summary.contains("All 1,200 iOS installs were first seen today: none is established yet"), "\(ImpactSentences(impact).summary)")
            #expect(PublishGuard(limit: 0.2).verdict(on: impact) == .confirm(GuardBreach(platform: .ios, measure: .noEstablishedInstalls, share: 1)))
            let error = try await refusal {
                _ = try await server.components.adoption.publish(raised("2.3.0"), app: "notes", channel: .production, author: "t", confirmed: false)
            }
            #expect(error?.code == "confirmation-required")
            #expect(error?.message.contains("newly blocks iOS installs while none is established yet (seen twice, a day apart); send \"confirm\": true") == true,
                    "\(error?.message ?? "")")
            let confirmed = try await server.components.adoption.publish(raised("2.3.0"), app: "notes", channel: .production, author: "t",
                                                                         confirmed: true)
            #expect(confirmed.0.number == 2)
            // A change that newly blocks nobody there still goes through unconfirmed.
            let harmless = try await server.components.adoption.publish(raised("2.3.0"), app: "notes", channel: .production, author: "t",
                                                                        confirmed: false)
            #expect(harmless.0.number == 3)
        }
    }

    // MARK: F2: groups pushed off the impact's page

    @Test("today's made-up groups can't push real groups off the impact's page", arguments: TestBackend.available)
    func newGroupsDoNotRank(_ backend: TestBackend) async throws {
        let server = try await AdoptionFixture.server(backend)
        var adoption = server.components.adoption
        adoption.impactGroupLimit = 5
        // Ten Android groups of 20 installs each, all first seen today: they outnumber four of the five iOS groups.
        for index in 0..<10 {
            try await flood(server.components.installs, "android-\(index)", count: 20, version: "9.\(index).0", platform: .android,
                            at: [Samples.now])
        }
        let impact = try await adoption.impact(of: raised("2.4.0"), app: "notes", channel: .production)
        // Android's page holds its 5 groups with most new installs; iOS keeps its own 5.
        #expect(impact.groups == 5 && impact.unevaluated.groups == 0 && impact.new.installs == 100)
        #expect(impact.platforms[.ios]?.active.newlyBlocked == 40)
        let error = try await refusal {
            _ = try await adoption.publish(raised("2.4.0"), app: "notes", channel: .production, author: "t", confirmed: false)
        }
        #expect(error?.code == "confirmation-required", "real groups pushed off the page let a 40 % lockout through")
        await server.close()
    }

    @Test("groups left off the impact's page are assumed newly blocked, so a change is refused when they could tip it",
          arguments: TestBackend.available)
    func unevaluatedWorstCase(_ backend: TestBackend) async throws {
        let server = try await AdoptionFixture.server(backend)
        var adoption = server.components.adoption
        adoption.impactGroupLimit = 1
        // Only 2.4.1 (50 installs) is evaluated; 2.3.0 and 2.1.0 (40 installs) would be newly blocked.
        let impact = try await adoption.impact(of: raised("2.3.5"), app: "notes", channel: .production)
        #expect(impact.active.newlyBlocked == 0 && impact.unevaluated.groups == 4 && impact.unevaluated.installs == 50)
        let summary = ImpactSentences(impact).summary
        #expect(summary.contains("the change could block up to 50 % of active iOS installs"), "\(summary)")
        #expect(PublishGuard(limit: 0.2).verdict(on: impact) == .confirm(GuardBreach(platform: .ios, measure: .unevaluatedWorstCase, share: 0.5)))
        let error = try await refusal {
            _ = try await adoption.publish(raised("2.3.5"), app: "notes", channel: .production, author: "t", confirmed: false)
        }
        #expect(error?.code == "confirmation-required")
        #expect(error?.message.contains("it newly blocks up to 50 % of active iOS installs") == true, "\(error?.message ?? "")")
        // A change that changes nothing that blocks goes through, hidden groups or not.
        let (revision, _) = try await adoption.publish(Samples.policy(), app: "notes", channel: .production, author: "t", confirmed: false)
        #expect(revision.number == 2)
        await server.close()
    }

    // MARK: F3: the impact read fails

    @Test("when the impact can't be read, an unconfirmed publish is refused with impact-unavailable and a confirmed one, or a rollback, publishes")
    func impactUnavailable() async throws {
        let base = try await AdoptionFixture.server()
        let components = ServerComponents(database: nil, repository: base.components.repository,
                                          installs: FlakyInstalls(base.components.installs, failures: 0, brokenImpact: true),
                                          masterKey: try MasterKey(rawRepresentation: Data(repeating: 7, count: 32)), now: { Samples.now })
        let server = TestServer(components: components, configuration: base.configuration, adminToken: base.adminToken)
        let document = String(decoding: try raised("2.4.0").jsonData(), as: UTF8.self)
        try await server.application.test(.router) { client in
            let auth = TestServer.bearer(server.adminToken)
            let refused = try await client.execute(uri: "/v1/admin/apps/notes/policy", method: .put, headers: auth, body: ByteBuffer(string: document))
            #expect(refused.status == .conflict)
            #expect(refused.errorCode == "impact-unavailable")
            let message = try #require((try refused.json()["error"] as? [String: Any])?["message"] as? String)
            #expect(message.contains("could not be computed") && message.contains("confirm"), "\(message)")
            let confirmed = try await client.execute(uri: "/v1/admin/apps/notes/policy?confirm=true", method: .put, headers: auth,
                                                     body: ByteBuffer(string: document))
            #expect(confirmed.status == .created, "\(confirmed.text)")
            let impact = try #require(try confirmed.json()["impact"] as? [String: Any])
            #expect(impact["known"] as? Bool == false)
            #expect((impact["summary"] as? String)?.contains("unknown") == true)
            let rollback = try await client.execute(uri: "/v1/admin/apps/notes/policy/rollback", method: .post, headers: auth,
                                                    body: ByteBuffer(string: #"{"revision": 1, "confirm": true}"#))
            #expect(rollback.status == .created, "\(rollback.text)")
        }
        #expect(try await components.policies.current(app: "notes", channel: .production).0.number == 3)
        await #expect(throws: FlakyInstalls.Down.self) {
            try await components.adoption.impact(of: raised("2.4.0"), app: "notes", channel: .production)
        }
        await base.close()
    }
}
