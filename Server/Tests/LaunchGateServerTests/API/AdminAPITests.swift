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

@Suite("The admin API: tokens, scopes, publishing, history, rollback and exemptions")
struct AdminAPITests {
    private func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    // MARK: Tests

    @Test("admin endpoints are closed without a valid, unrevoked token, and don't say which part was wrong")
    func closedWithoutToken() async throws {
        let server = try await TestServer.make()
        let (record, revoked) = try await server.components.tokens.create(name: "old", scope: .admin)
        _ = try await server.components.repository.revokeToken(id: record.id, at: Date())
        try await server.application.test(.router) { client in
            for headers: HTTPFields in [[:], TestServer.bearer("nonsense"), TestServer.bearer(revoked),
                                        TestServer.bearer(String(server.adminToken.dropLast()) + (server.adminToken.hasSuffix("0") ? "1" : "0")), [.authorization: "Basic abc"]] {
                let response = try await client.execute(uri: "/v1/admin/apps", method: .get, headers: headers)
                #expect(response.status == .unauthorized)
                #expect(response.errorCode == "unauthorized")
                #expect(response.headers[.wwwAuthenticate] == "Bearer")
            }
            #expect(try await client.execute(uri: "/v1/admin/apps", method: .get, headers: TestServer.bearer(server.adminToken)).status == .ok)
        }
    }

    @Test("the router takes its time from the injected clock: apps, publishes and the Date header use it")
    func injectedClock() async throws {
        let fixed = Date(timeIntervalSince1970: 1_900_000_000)
        let server = try await TestServer.make(now: { fixed })
        let document = String(decoding: try Samples.policy(required: "2.1.0").jsonData(), as: UTF8.self)
        try await server.application.test(.router) { client in
            let auth = TestServer.bearer(server.adminToken)
            let created = try await client.execute(uri: "/v1/admin/apps", method: .post, headers: auth, body: body(#"{"id": "clocked"}"#))
            #expect(created.status == .created)
            let app = try await server.components.repository.app(id: "clocked")
            #expect(app?.createdAt == fixed)
            let published = try await client.execute(uri: "/v1/admin/apps/clocked/policy", method: .put, headers: auth, body: body(document))
            #expect(published.status == .created)
            let revision = try await server.components.repository.currentRevision(appID: "clocked", channel: .production)
            #expect(revision?.issuedAt == fixed)
        }
    }

    @Test("scopes nest: read can't publish, publish can't create apps, admin can do everything")
    func scopes() async throws {
        let server = try await TestServer.make()
        let read = try await server.token(scope: .read)
        let publish = try await server.token(scope: .publish)
        let document = String(decoding: try Samples.policy().jsonData(), as: UTF8.self)
        try await server.application.test(.router) { client in
            #expect(try await client.execute(uri: "/v1/admin/apps/notes/policy/history", method: .get, headers: TestServer.bearer(read)).status == .ok)
            let denied = try await client.execute(uri: "/v1/admin/apps/notes/policy", method: .put, headers: TestServer.bearer(read), body: body(document))
            #expect(denied.status == .forbidden)
            #expect(denied.errorCode == "insufficient-scope")
            #expect(try await client.execute(uri: "/v1/admin/apps/notes/policy", method: .put, headers: TestServer.bearer(publish), body: body(document)).status == .created)
            #expect(try await client.execute(uri: "/v1/admin/apps", method: .post, headers: TestServer.bearer(publish), body: body(#"{"id": "x"}"#)).status == .forbidden)
            #expect(try await client.execute(uri: "/v1/admin/apps", method: .post, headers: TestServer.bearer(server.adminToken), body: body(#"{"id": "x", "name": "X"}"#)).status == .created)
        }
    }

    @Test("creating apps validates the ID and refuses duplicates")
    func createApps() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let auth = TestServer.bearer(server.adminToken)
            #expect(try await client.execute(uri: "/v1/admin/apps", method: .post, headers: auth, body: body(#"{"id": "Bad ID!"}"#)).errorCode == "invalid-app-id")
            #expect(try await client.execute(uri: "/v1/admin/apps", method: .post, headers: auth, body: body(#"{"id": "notes"}"#)).errorCode == "app-exists")
            #expect(try await client.execute(uri: "/v1/admin/apps", method: .post, headers: auth, body: body("not json")).errorCode == "invalid-body")
            let list = try await client.execute(uri: "/v1/admin/apps", method: .get, headers: auth)
            #expect(list.text.contains("\"notes\""))
        }
    }

    @Test("an invalid publish is a 400 with every field and reason, and leaves the current revision serving")
    func invalidPublish() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let auth = TestServer.bearer(server.adminToken)
            let bad = #"{"schemaVersion": 1, "platforms": {"ios": {"latest": {"version": "2.0"}, "required": {"version": "3.0"}, "updateURL": "http://evil.example"}}}"#
            let response = try await client.execute(uri: "/v1/admin/apps/notes/policy", method: .put, headers: auth, body: body(bad))
            #expect(response.status == .badRequest)
            #expect(response.errorCode == "invalid-policy")
            let issues = try #require((try response.json()["error"] as? [String: Any])?["issues"] as? [[String: String]])
            #expect(Set(issues.compactMap { $0["field"] }) == ["platforms.ios.required", "platforms.ios.updateURL"])
            let unparseable = try await client.execute(uri: "/v1/admin/apps/notes/policy", method: .put, headers: auth,
                                                       body: body(#"{"schemaVersion": 1, "platforms": {"ios": {"latest": {"version": "1..2"}}}}"#))
            #expect(unparseable.text.contains("platforms.ios.latest.version"))
            let history = try await server.components.repository.revisions(appID: "notes", channel: .production)
            #expect(history.count == 1)
        }
    }

    @Test("every publish is a revision; rollback republishes an old one as a new revision that clients accept")
    func historyAndRollback() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let auth = TestServer.bearer(server.adminToken)
            let raised = String(decoding: try Samples.policy(required: "2.3.0").jsonData(), as: UTF8.self)
            #expect(try await client.execute(uri: "/v1/admin/apps/notes/policy", method: .put, headers: auth, body: body(raised)).status == .created)
            let rollback = try await client.execute(uri: "/v1/admin/apps/notes/policy/rollback", method: .post, headers: auth, body: body(#"{"revision": 1}"#))
            #expect(rollback.status == .created)
            #expect(try rollback.json()["number"] as? Int == 3)
            let history = try await client.execute(uri: "/v1/admin/apps/notes/policy/history", method: .get, headers: auth)
            let numbers = (try JSONSerialization.jsonObject(with: history.data) as? [[String: Any]])?.compactMap { $0["number"] as? Int }
            #expect(numbers == [3, 2, 1])
            let revisions = try await server.components.repository.revisions(appID: "notes", channel: .production)
            #expect(try UpdatePolicy(json: revisions[0].document).platforms[.ios]?.required?.version == "2.0.0")
            #expect(revisions[0].issuedAt > revisions[1].issuedAt, "a rollback must look newer to clients' anti-rollback")
            let missing = try await client.execute(uri: "/v1/admin/apps/notes/policy/rollback", method: .post, headers: auth, body: body(#"{"revision": 42}"#))
            #expect(missing.errorCode == "revision-not-found")
        }
    }
}
