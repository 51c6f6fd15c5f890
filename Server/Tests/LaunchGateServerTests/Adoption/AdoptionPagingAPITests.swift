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

/// `limit` and `page` on the adoption endpoint, and the cap on the groups an impact evaluates:
/// what keeps one request's work bounded however many groups are kept.
@Suite("Adoption pages its lists and sums the rest; impact evaluates a bounded number of groups")
struct AdoptionPagingAPITests {
    private func get(_ server: TestServer, _ client: some TestClientProtocol, _ query: String) async throws -> TestResponse {
        try await client.execute(uri: "/v1/admin/apps/notes/adoption?\(query)", method: .get, headers: TestServer.bearer(server.adminToken))
    }

    private func window(_ response: TestResponse) throws -> [String: Any] {
        try #require((try response.json()["windows"] as? [[String: Any]])?.first)
    }

    // MARK: Tests

    @Test("limit keeps the entries with most installs, newest first, sums the rest as other, and page gives the next ones",
          arguments: TestBackend.available)
    func pages(_ backend: TestBackend) async throws {
        let server = try await AdoptionFixture.server(backend)
        try await server.application.test(.router) { client in
            let whole = try await get(server, client, "days=1")
            #expect(try whole.json()["nextPage"] == nil && (try whole.json()["limit"] as? Int) == 100)
            #expect((try window(whole)["versions"] as? [[String: Any]])?.map { $0["version"] as? String } == ["2.4.1", "2.3.0", "2.1.0", "1.9.0"])
            #expect(try window(whole)["otherVersions"] == nil, "nothing left out, so no other bucket")

            let first = try await get(server, client, "days=1&limit=2")
            #expect(first.status == .ok)
            #expect(try first.json()["page"] as? Int == 1 && (try first.json()["nextPage"] as? Int) == 2)
            let top = try window(first)
            #expect(top["activeInstalls"] as? Int == 100)
            // 2.1.0 and 2.3.0 tie at 20: the tie goes by the version's bytes.
            #expect((top["versions"] as? [[String: Any]])?.map { $0["version"] as? String } == ["2.4.1", "2.1.0"])
            let other = try #require(top["otherVersions"] as? [String: Any])
            #expect(other["entries"] as? Int == 2 && other["installs"] as? Int == 30 && other["share"] as? Double == 0.3)
            #expect((top["os"] as? [[String: Any]])?.map { $0["os"] as? String } == ["17.0", "16.0"])
            #expect((top["otherOS"] as? [String: Any])?["installs"] as? Int == 4)

            let second = try await get(server, client, "days=1&limit=2&page=2")
            #expect(try second.json()["nextPage"] == nil)
            let next = try window(second)
            #expect((next["versions"] as? [[String: Any]])?.map { $0["version"] as? String } == ["2.3.0", "1.9.0"])
            #expect((next["otherVersions"] as? [String: Any])?["installs"] as? Int == 70)
            #expect((next["os"] as? [[String: Any]])?.map { $0["os"] as? String } == ["15.0"])
        }
        await server.close()
    }

    @Test("limit and page outside their ranges are refused with the error shape", arguments: [
        "limit=0", "limit=1001", "limit=ten", "limit=2.5", "page=0", "page=-1", "page=1001", "page=two",
    ])
    func badPaging(_ query: String) async throws {
        let server = try await AdoptionFixture.server()
        try await server.application.test(.router) { client in
            let response = try await get(server, client, query)
            #expect(response.status == .badRequest)
            #expect(response.errorCode == "invalid-parameter")
        }
        await server.close()
    }

    @Test("an impact over more of a platform's groups than its limit evaluates those with most installs and names the rest, counted nowhere")
    func impactCap() async throws {
        let server = try await AdoptionFixture.server()
        var adoption = server.components.adoption
        adoption.impactGroupLimit = 3
        let impact = try await adoption.impact(of: Samples.policy(required: "2.2.0"), app: "notes", channel: .production)
        #expect(impact.groups == 3 && impact.active.installs == 90)
        #expect(impact.platforms[.ios]?.unevaluatedGroups == 2 && impact.platforms[.ios]?.unevaluatedInstalls == 10)
        #expect(ImpactSentences(impact).summary.contains("These counts leave out 10 iOS installs in 2 rarer (version, build, OS) groups not evaluated, past the 3 with most installs."))
        let json = PolicyImpactJSON(impact)
        #expect(json.unevaluatedGroups == 2 && json.unevaluatedInstalls == 10)
        let whole = try await server.components.adoption.impact(of: Samples.policy(required: "2.2.0"), app: "notes", channel: .production)
        #expect(whole.groups == 5 && whole.active.installs == 100 && PolicyImpactJSON(whole).unevaluatedGroups == nil)
        await server.close()
    }
}
