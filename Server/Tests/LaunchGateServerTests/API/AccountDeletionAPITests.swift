import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(LaunchGateServer) import LaunchGate
import LaunchGateTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("DELETE /v1/apps/{app}/auth/account: the seed's shape, the session's device, a 401 at once afterwards, and no seed path")
struct AccountDeletionAPITests {
    private static let path = "/v1/apps/notes/auth/account"

    private func signIn(_ client: some TestClientProtocol, _ server: TestServer, device: String = "phone-1") async throws -> [String: Any] {
        let sent = try await client.post("/v1/apps/notes/auth/send-code", json: #"{"email": "ada@example.com"}"#)
        #expect(sent.status == .ok, "\(sent.text)")
        let code = try #require(try await server.code(for: "ada@example.com"))
        let verified = try await client.post("/v1/apps/notes/auth/verify-code",
                                             json: #"{"email": "ada@example.com", "code": "\#(code)", "device_id": "\#(device)"}"#)
        #expect(verified.status == .ok, "\(verified.text)")
        return try verified.json()
    }

    // MARK: Tests

    @Test("the route is the SDK's: AuthPaths names it, with DELETE and a session, and only on the per-app paths")
    func sharedRoute() {
        #expect(AuthPaths.app("notes").path(for: .deleteAccount) == Self.path)
        #expect(AuthEndpoint.deleteAccount.method == "DELETE" && AuthEndpoint.deleteAccount.needsSession)
        #expect(AuthPaths.seed.path(for: .deleteAccount) == nil)
    }

    @Test("deleting answers in the seed's shape, the token gets 401 at once, and the address signs up again as new",
          arguments: TestBackend.available)
    func deleteThenNew(backend: TestBackend) async throws {
        let clock = TestClock(Date())
        let server = try await TestServer.make(backend, now: clock.now)
        try await server.application.test(.router) { client in
            let first = try await signIn(client, server, device: "phone-1")
            let token = try #require(first["session_token"] as? String)
            var headers = TestServer.bearer(token)
            headers[SignInController<LaunchGateRequestContext>.deviceHeader] = "another-device"
            let elsewhere = try await client.execute(uri: Self.path, method: .delete, headers: headers)
            #expect(elsewhere.status == .unauthorized && elsewhere.seedError == "unauthorized", "a token copied to another install")

            headers[SignInController<LaunchGateRequestContext>.deviceHeader] = "phone-1"
            let deleted = try await client.execute(uri: Self.path, method: .delete, headers: headers)
            #expect(deleted.status == .ok, "\(deleted.text)")
            #expect(try JSONDecoder().decode(AuthWire.Envelope.self, from: deleted.data)
                == AuthWire.Envelope(status: "success", message: "Account deleted."))
            #expect(deleted.headers[.cacheControl] == "no-store")

            let session = try await client.execute(uri: "/v1/apps/notes/auth/session", method: .get, headers: TestServer.bearer(token))
            #expect(session.status == .unauthorized && session.seedStatus == "error" && session.seedError == "unauthorized")
            let again = try await client.execute(uri: Self.path, method: .delete, headers: TestServer.bearer(token))
            #expect(again.status == .unauthorized && again.seedError == "unauthorized")
            #expect(try await client.execute(uri: Self.path, method: .delete, headers: [:]).status == .unauthorized)

            clock.advance(by: 61)
            let second = try await signIn(client, server, device: "phone-1")
            #expect(second["is_new_user"] as? Bool == true)
            let (oldID, newID) = ((first["user"] as? [String: Any])?["id"] as? String, (second["user"] as? [String: Any])?["id"] as? String)
            #expect(oldID != nil && newID != nil && oldID != newID)
        }
        await server.close()
    }

    @Test("the seed's /api/auth paths have no account endpoint, and an unknown app is not_found in the seed's shape")
    func notOnSeedPaths() async throws {
        let server = try await TestServer.make()
        try await server.application.test(.router) { client in
            let seed = try await client.execute(uri: "/api/auth/account", method: .delete, headers: TestServer.bearer("lgs_x"))
            #expect(seed.status == .notFound && seed.seedStatus == "error", "\(seed.status) \(seed.text)")
            let unknown = try await client.execute(uri: "/v1/apps/nope/auth/account", method: .delete, headers: TestServer.bearer("lgs_x"))
            #expect(unknown.status == .notFound && unknown.seedError == "not_found")
        }
        await server.close()
    }
}
