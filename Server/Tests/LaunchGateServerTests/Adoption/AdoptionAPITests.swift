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

@Suite("The adoption endpoint, dry runs and the publish guard")
struct AdoptionAPITests {
    private func document(_ policy: UpdatePolicy, confirm: Bool? = nil) throws -> ByteBuffer {
        var object = try JSONSerialization.jsonObject(with: policy.jsonData()) as! [String: Any]
        if let confirm { object["confirm"] = confirm }
        return ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: object))
    }

    /// The sample policy with required (and, so it stays valid, recommended) raised to `version`.
    private func raised(_ version: AppVersion) -> UpdatePolicy {
        var policy = Samples.policy(required: version)
        policy.platforms[.ios]?.recommended = VersionRequirement(version: version)
        return policy
    }

    // MARK: Tests

    @Test("adoption gives active installs per version, build and OS with shares over 1, 7 and 30 days")
    func windows() async throws {
        let server = try await AdoptionFixture.server()
        // Ten more installs of 2.0.0, last seen five days ago: in the 7- and 30-day windows only.
        try await server.components.installs.record((0..<10).map {
            InstallSighting(appID: "notes", platform: .ios, installHash: "old-\($0)", version: "2.0.0", build: "200", os: "17.0",
                            at: Samples.now.addingTimeInterval(-5 * 86_400))
        })
        try await server.application.test(.router) { client in
            let response = try await client.execute(uri: "/v1/admin/apps/notes/adoption", method: .get, headers: TestServer.bearer(server.adminToken))
            #expect(response.status == .ok)
            let body = try response.json()
            let windows = try #require(body["windows"] as? [[String: Any]])
            #expect(windows.map { $0["days"] as? Int } == [1, 7, 30])
            #expect(windows.map { $0["activeInstalls"] as? Int } == [100, 110, 110])
            let versions = try #require(windows[0]["versions"] as? [[String: Any]])
            #expect(versions.map { $0["version"] as? String } == ["2.4.1", "2.3.0", "2.1.0", "1.9.0"], "newest first")
            #expect(versions.map { $0["installs"] as? Int } == [50, 20, 20, 10])
            #expect(versions.first?["share"] as? Double == 0.5)
            let os = try #require(windows[0]["os"] as? [[String: Any]])
            #expect(os.map { $0["os"] as? String } == ["17.0", "16.0", "15.0"])
            #expect(os.map { $0["installs"] as? Int } == [76, 20, 4])
            let builds = try #require(windows[2]["builds"] as? [[String: Any]])
            #expect(builds.contains { $0["version"] as? String == "2.0.0" && $0["build"] as? String == "200" && $0["installs"] as? Int == 10 })
            #expect(body["history"] == nil)
        }
        await server.close()
    }

    @Test("adoption history gives each day's share per version since a date, from the daily rollup")
    func history() async throws {
        let server = try await AdoptionFixture.server()
        try await server.components.installs.record((0..<4).map {
            InstallSighting(appID: "notes", platform: .ios, installHash: "early-\($0)", version: "2.0.0", at: Samples.now.addingTimeInterval(-2 * 86_400))
        })
        try await server.application.test(.router) { client in
            let since = AdoptionReport.date(InstallDay.of(Samples.now) - 3)
            let response = try await client.execute(uri: "/v1/admin/apps/notes/adoption?days=1&since=\(since)", method: .get,
                                                    headers: TestServer.bearer(server.adminToken))
            let body = try response.json()
            #expect((body["windows"] as? [[String: Any]])?.count == 1)
            let days = try #require(body["history"] as? [[String: Any]])
            #expect(days.map { $0["date"] as? String } == [AdoptionReport.date(InstallDay.of(Samples.now) - 2), AdoptionReport.date(InstallDay.of(Samples.now))])
            #expect(days.map { $0["activeInstalls"] as? Int } == [4, 100])
            #expect((days[0]["versions"] as? [[String: Any]])?.first?["share"] as? Double == 1)
        }
        await server.close()
    }

    @Test("adoption refuses bad windows and dates with the error shape, and unknown apps with a 404")
    func badInput() async throws {
        let server = try await AdoptionFixture.server()
        try await server.application.test(.router) { client in
            let auth = TestServer.bearer(server.adminToken)
            for query in ["days=0", "days=91", "days=seven", "since=2025-02-30", "since=yesterday", "platform=pda"] {
                let response = try await client.execute(uri: "/v1/admin/apps/notes/adoption?\(query)", method: .get, headers: auth)
                #expect(response.status == .badRequest, "\(query)")
                #expect(response.errorCode != nil)
            }
            #expect(try await client.execute(uri: "/v1/admin/apps/ghost/adoption", method: .get, headers: auth).errorCode == "app-not-found")
            #expect(try await client.execute(uri: "/v1/admin/apps/notes/adoption", method: .get).status == .unauthorized)
        }
        await server.close()
    }

    @Test("a dry run answers the impact and publishes nothing; a read token may ask for one but not publish")
    func dryRun() async throws {
        let server = try await AdoptionFixture.server()
        let reader = try await server.token(scope: .read)
        try await server.application.test(.router) { client in
            let before = try await server.components.repository.revisions(appID: "notes", channel: .production).count
            let response = try await client.execute(uri: "/v1/admin/apps/notes/policy?dry_run=true", method: .put,
                                                    headers: TestServer.bearer(reader), body: try document(raised("2.4.0")))
            #expect(response.status == .ok)
            let body = try response.json()
            #expect(body["newlyBlocked"] as? Int == 40)
            #expect((body["summary"] as? String)?.hasPrefix("Raising required on iOS to 2.4.0 blocks 50 of 100 iOS installs (50 %)") == true)
            #expect((body["outcomes"] as? [String: Int])?["updateRequired"] == 46)
            #expect(try await server.components.repository.revisions(appID: "notes", channel: .production).count == before)
            let publish = try await client.execute(uri: "/v1/admin/apps/notes/policy", method: .put, headers: TestServer.bearer(reader),
                                                   body: try document(Samples.policy(required: "2.0.1")))
            #expect(publish.status == .forbidden)
        }
        await server.close()
    }

    @Test("a publish that newly blocks more than 20 % of active installs is refused with the impact until confirmed")
    func guardRefuses() async throws {
        let server = try await AdoptionFixture.server()
        try await server.application.test(.router) { client in
            let auth = TestServer.bearer(server.adminToken)
            let risky = raised("2.4.0")
            let refused = try await client.execute(uri: "/v1/admin/apps/notes/policy", method: .put, headers: auth, body: try document(risky))
            #expect(refused.status == .conflict)
            #expect(refused.errorCode == "confirmation-required")
            let message = try #require((try refused.json()["error"] as? [String: Any])?["message"] as? String)
            #expect(message == "Not published: it newly blocks 40 % of active iOS installs, over the 20 % allowed unconfirmed; send \"confirm\": true to publish, or dry_run=true for the impact.", "\(message)")
            #expect(try await server.components.policies.current(app: "notes", channel: .production).1.platforms[.ios]?.required?.version == "2.0.0")
            // Confirmed in the document, or in the query.
            let inBody = try await client.execute(uri: "/v1/admin/apps/notes/policy", method: .put, headers: auth, body: try document(risky, confirm: true))
            #expect(inBody.status == .created, "\(inBody.text)")
            #expect(((try inBody.json()["impact"]) as? [String: Any])?["newlyBlocked"] as? Int == 40)
            let riskier = raised("2.4.1")
            #expect(try await client.execute(uri: "/v1/admin/apps/notes/policy?confirm=true", method: .put, headers: auth,
                                             body: try document(riskier)).status == .created)
            let badConfirm = try await client.execute(uri: "/v1/admin/apps/notes/policy", method: .put, headers: auth,
                                                      body: ByteBuffer(string: #"{"schemaVersion": 1, "platforms": {}, "confirm": "yes"}"#))
            #expect(badConfirm.status == .badRequest)
            // An invalid policy is a 400 with its issues, before any impact is counted.
            let invalid = try await client.execute(uri: "/v1/admin/apps/notes/policy?dry_run=true", method: .put, headers: auth,
                                                   body: try document(Samples.policy(required: "2.4.0")))
            #expect(invalid.errorCode == "invalid-policy")
        }
        await server.close()
    }

    @Test("a publish that newly blocks at most the guard's share goes through unconfirmed, and the share is configurable")
    func guardAllows() async throws {
        let server = try await AdoptionFixture.server()
        // 2.2.0 newly blocks 20 of 100 and leaves 30 blocked: exactly a 30 % share, which is allowed.
        let lenient = AdoptionService(installs: server.components.installs, policies: server.components.policies,
                                      configuration: AdoptionConfiguration(publishGuardShare: 0.3), now: { Samples.now })
        let (revision, impact) = try await lenient.publish(Samples.policy(required: "2.2.0"), app: "notes", channel: .production,
                                                           author: "t", confirmed: false)
        #expect(revision.number == 2 && impact.active.newlyBlocked == 20)
        let strict = AdoptionService(installs: server.components.installs, policies: server.components.policies,
                                     configuration: AdoptionConfiguration(publishGuardShare: 0.05), now: { Samples.now })
        await #expect(throws: AdoptionError.self) {
            try await strict.publish(raised("2.4.0"), app: "notes", channel: .production, author: "t", confirmed: false)
        }
        await server.close()
    }
}
