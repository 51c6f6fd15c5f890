import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LaunchGateTesting
import NIOCore
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("Sign-in in the admin API: users, sessions, mail status and settings, with the admin tokens' scopes")
struct SignInAdminAPITests {
    private func signIn(_ client: some TestClientProtocol, _ server: TestServer, _ email: String, device: String) async throws -> String {
        _ = try await client.post("/v1/apps/notes/auth/send-code", json: #"{"email": "\#(email)"}"#)
        let code = try #require(try await server.code(for: email))
        let body = try await client.post("/v1/apps/notes/auth/verify-code", json: #"{"email": "\#(email)", "code": "\#(code)", "device_id": "\#(device)"}"#).json()
        return try #require(body["session_token"] as? String)
    }

    // MARK: Tests

    @Test("users are listed, shown with their sessions (never a token hash), and deleted with everything kept about them",
          arguments: TestBackend.available)
    func users(backend: TestBackend) async throws {
        let clock = TestClock(Date())
        let server = try await TestServer.make(backend, now: clock.now)
        let read = try await server.token(scope: .read)
        try await server.application.test(.router) { client in
            let adaToken = try await signIn(client, server, "ada@example.com", device: "phone")
            _ = try await signIn(client, server, "bob@example.com", device: "tablet")
            let list = try await client.execute(uri: "/v1/admin/apps/notes/users?limit=1", method: .get, headers: TestServer.bearer(read))
            #expect(list.status == .ok)
            let users = try #require(try JSONSerialization.jsonObject(with: list.data) as? [[String: Any]])
            #expect(users.map { $0["email"] as? String } == ["ada@example.com"])
            let next = try await client.execute(uri: "/v1/admin/apps/notes/users?after=ada@example.com", method: .get, headers: TestServer.bearer(read))
            #expect((try JSONSerialization.jsonObject(with: next.data) as? [[String: Any]])?.map { $0["email"] as? String } == ["bob@example.com"])

            let shown = try await client.execute(uri: "/v1/admin/apps/notes/users/ada%40example.com", method: .get, headers: TestServer.bearer(read))
            #expect(shown.status == .ok)
            #expect(!shown.text.contains("tokenHash") && !shown.text.contains(SignInTokens.hash(adaToken)))
            let detail = try shown.json()
            let sessions = try #require(detail["sessions"] as? [[String: Any]])
            #expect(sessions.count == 1 && sessions.first?["deviceID"] as? String == "phone" && sessions.first?["active"] as? Bool == true)
            let id = try #require((detail["user"] as? [String: Any])?["id"] as? String)

            let forbidden = try await client.execute(uri: "/v1/admin/apps/notes/users/\(id)", method: .delete, headers: TestServer.bearer(read))
            #expect(forbidden.status == .forbidden)
            let deleted = try await client.execute(uri: "/v1/admin/apps/notes/users/\(id)", method: .delete, headers: TestServer.bearer(server.adminToken))
            #expect(deleted.status == .noContent)
            let gone = try await client.execute(uri: "/v1/admin/apps/notes/users/\(id)", method: .get, headers: TestServer.bearer(read))
            #expect(gone.status == .notFound && gone.errorCode == "user-not-found")
            let session = try await client.execute(uri: "/v1/apps/notes/auth/session", method: .get, headers: TestServer.bearer(adaToken))
            #expect(session.status == .unauthorized, "deleting a user ends its sessions")
            let ghost = try await client.execute(uri: "/v1/admin/apps/ghost/users", method: .get, headers: TestServer.bearer(read))
            #expect(ghost.status == .notFound && ghost.errorCode == "app-not-found")
            let anonymous = try await client.execute(uri: "/v1/admin/apps/notes/users", method: .get)
            #expect(anonymous.status == .unauthorized)
        }
        await server.close()
    }

    @Test("sessions are revoked by ID, by user or by device, and the body must name exactly one")
    func revoke() async throws {
        let clock = TestClock(Date())
        let server = try await TestServer.make(now: clock.now)
        let admin = TestServer.bearer(server.adminToken)
        try await server.application.test(.router) { client in
            let phone = try await signIn(client, server, "ada@example.com", device: "phone")
            clock.advance(by: 61)
            let tablet = try await signIn(client, server, "ada@example.com", device: "tablet")
            let bob = try await signIn(client, server, "bob@example.com", device: "tablet")
            let byDevice = try await client.post("/v1/admin/apps/notes/sessions/revoke", json: #"{"device": "tablet"}"#, headers: admin)
            #expect(try byDevice.json()["revoked"] as? Int == 2)
            let byUser = try await client.post("/v1/admin/apps/notes/sessions/revoke", json: #"{"user": "ada@example.com"}"#, headers: admin)
            #expect(try byUser.json()["revoked"] as? Int == 1)
            for token in [phone, tablet, bob] {
                #expect(try await client.execute(uri: "/v1/apps/notes/auth/session", method: .get, headers: TestServer.bearer(token)).status == .unauthorized)
            }
            for body in ["{}", #"{"device": "a", "user": "b"}"#] {
                let bad = try await client.post("/v1/admin/apps/notes/sessions/revoke", json: body, headers: admin)
                #expect(bad.status == .badRequest && bad.errorCode == "invalid-body")
            }
        }
    }

    @Test("mail status counts the outbox and lists permanent failures without codes; settings are read and replaced")
    func mailAndSettings() async throws {
        let server = try await TestServer.make()
        let admin = TestServer.bearer(server.adminToken)
        server.mailbox.fail(with: [.permanent("550 no such user")])
        try await server.application.test(.live) { (client: any TestClientProtocol) async throws in
            _ = try await client.post("/v1/apps/notes/auth/send-code", json: #"{"email": "gone@example.com"}"#)
            var failed = 0
            for _ in 0..<100 where failed == 0 {
                try await Task.sleep(for: .milliseconds(20))
                let status = try await client.execute(uri: "/v1/admin/mail", method: .get, headers: admin).json()
                failed = (status["counts"] as? [String: Any])?["failed"] as? Int ?? 0
            }
            #expect(failed == 1)
            let status = try await client.execute(uri: "/v1/admin/mail", method: .get, headers: admin)
            #expect(status.text.contains("550 no such user") && !status.text.contains("sealed"))

            let settings = try await client.execute(uri: "/v1/admin/apps/notes/sign-in", method: .get, headers: admin).json()
            #expect(settings["codeLength"] as? Int == 6)
            let put = try await client.execute(uri: "/v1/admin/apps/notes/sign-in", method: .put, headers: admin,
                                               body: ByteBuffer(string: #"{"codeLength": 8, "textTemplate": "{{code}}"}"#))
            #expect(put.status == .ok)
            let bad = try await client.execute(uri: "/v1/admin/apps/notes/sign-in", method: .put, headers: admin,
                                               body: ByteBuffer(string: #"{"codeLength": 12}"#))
            #expect(bad.status == .badRequest && bad.errorCode == "invalid_settings")
            let sent = try await client.post("/v1/apps/notes/auth/send-code", json: #"{"email": "ada@example.com"}"#).json()
            #expect(sent["code_length"] as? Int == 8)
        }
    }
}
