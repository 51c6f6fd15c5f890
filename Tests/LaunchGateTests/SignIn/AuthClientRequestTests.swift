import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@Suite("The sign-in client's requests: paths, exact bodies and headers")
struct AuthClientRequestTests {
    private let transport = ScriptedTransport()

    // MARK: Tests

    @Test("send-code posts exactly {\"email\": …} as JSON to the per-app path")
    func sendCodeBody() async throws {
        transport.enqueue(.respond(.codeSent()), for: SignInFixtures.sendCode, method: "POST")
        _ = try await SignInFixtures.client(transport).sendCode(to: try EmailAddress(" Ada@Example.com "))
        let request = try #require(transport.requests(to: SignInFixtures.sendCode).first)
        #expect(request.method == "POST")
        #expect(SignInFixtures.body(request) == #"{"email":"ada@example.com"}"#)
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.headers["Authorization"] == nil)
    }

    @Test("verify-code posts the address, the code and the device ID, with sorted keys")
    func verifyCodeBody() async throws {
        transport.enqueue(.respond(.signedIn()), for: SignInFixtures.verifyCode, method: "POST")
        _ = try await SignInFixtures.client(transport).verifyCode("012345", for: SignInFixtures.ada, deviceID: SignInFixtures.device)
        let request = try #require(transport.requests.first)
        #expect(request.url == SignInFixtures.verifyCode && request.method == "POST")
        #expect(SignInFixtures.body(request) == #"{"code":"012345","device_id":"device-1","email":"ada@example.com"}"#)
    }

    @Test("the seed's paths are /api/auth/send-code and /api/auth/verify-code, with the same bodies")
    func seedPaths() async throws {
        transport.enqueue(.respond(.codeSent(codeLength: 4)), for: SignInFixtures.seed("send-code"), method: "POST")
        transport.enqueue(.respond(.signedIn()), for: SignInFixtures.seed("verify-code"), method: "POST")
        let client = SignInFixtures.client(transport, paths: .seed)
        #expect(try await client.sendCode(to: SignInFixtures.ada).codeLength == 4)
        _ = try await client.verifyCode("1234", for: SignInFixtures.ada, deviceID: SignInFixtures.device)
        #expect(transport.requests.map(\.url) == [SignInFixtures.seed("send-code"), SignInFixtures.seed("verify-code")])
        #expect(transport.requests.map(SignInFixtures.body) == [#"{"email":"ada@example.com"}"#,
                                                                 #"{"code":"1234","device_id":"device-1","email":"ada@example.com"}"#])
    }

    @Test("session and sign-out don't exist on the seed's paths: a clear error and no request")
    func seedHasNoSessions() async throws {
        let client = SignInFixtures.client(transport, paths: .seed)
        let check = await #expect(throws: SignInError.self) { try await client.checkSession(SignInFixtures.storedSession()) }
        let signOut = await #expect(throws: SignInError.self) { try await client.signOut(SignInFixtures.storedSession().token) }
        #expect(check == .notOnSeedPaths("") && signOut == .notOnSeedPaths(""))
        #expect(signOut?.message.contains("AuthPaths.app") == true)
        #expect(transport.requests.isEmpty)
        #expect(!AuthPaths.seed.supportsSessions && AuthPaths.app("notes").supportsSessions)
    }

    @Test("the session check is a GET with the bearer token, the session's device ID and no body")
    func sessionRequest() async throws {
        transport.enqueue(.respond(SignInFixtures.sessionAnswer()), for: SignInFixtures.session, method: "GET")
        let fresh = try await SignInFixtures.client(transport).checkSession(SignInFixtures.storedSession(isNewUser: true))
        let request = try #require(transport.requests.first)
        #expect(request.method == "GET" && request.body == nil && request.headers["Content-Type"] == nil)
        #expect(request.headers["Authorization"] == "Bearer lgs_stored")
        #expect(request.headers["LaunchGate-Device-ID"] == SignInFixtures.storedSession().deviceID.rawValue)
        #expect(fresh.expiresAt == Date(timeIntervalSince1970: 1_801_440_000))
        #expect(fresh.user.lastSignInAt == Date(timeIntervalSince1970: 1_796_119_200))
        #expect(fresh.isNewUser && fresh.token == SessionToken("lgs_stored"), "token and isNewUser are kept")
    }

    @Test("sign-out posts {} with the bearer token, and the device ID when given")
    func signOutRequest() async throws {
        transport.enqueue(.respond(.json(#"{"status": "success", "message": "Signed out."}"#)), for: SignInFixtures.signOut, method: "POST")
        transport.enqueue(.respond(.json(#"{"status": "success", "message": "Signed out."}"#)), for: SignInFixtures.signOut, method: "POST")
        let stored = SignInFixtures.storedSession()
        try await SignInFixtures.client(transport).signOut(stored.token)
        try await SignInFixtures.client(transport).signOut(stored.token, deviceID: stored.deviceID)
        #expect(transport.requests.first?.headers["LaunchGate-Device-ID"] == nil)
        #expect(transport.requests.last?.headers["LaunchGate-Device-ID"] == stored.deviceID.rawValue)
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST" && SignInFixtures.body(request) == "{}")
        #expect(request.headers["Authorization"] == "Bearer lgs_stored")
        #expect(request.headers["Content-Type"] == "application/json")
    }

    @Test("a base URL with a path keeps it, and the app name is one encoded path segment")
    func pathJoining() async throws {
        let mounted = URL(string: "https://example.com/launchgate/?x=1")!
        let expected = URL(string: "https://example.com/launchgate/v1/apps/my%20app%2Fx/auth/send-code")!
        transport.enqueue(.respond(.codeSent()), for: expected)
        _ = try await SignInFixtures.client(transport, paths: .app("my app/x"), base: mounted).sendCode(to: SignInFixtures.ada)
        #expect(transport.requests.first?.url == expected)
    }

    @Test("every request carries the client's timeout and answer size cap")
    func limitsReachTransport() async throws {
        transport.enqueue(.respond(.codeSent()), for: SignInFixtures.sendCode)
        _ = try await SignInFixtures.client(transport, timeout: .milliseconds(2_500), maximumResponseSize: 2_048).sendCode(to: SignInFixtures.ada)
        #expect(transport.requests.first?.timeout == 2.5)
        #expect(transport.requests.first?.maximumBodySize == 2_048)
    }

    @Test("a code that isn't 1 to 16 ASCII digits is refused without a request", arguments: ["", "12a456", "１２３４", "12345678901234567"])
    func localCodeCheck(code: String) async throws {
        let error = await #expect(throws: SignInError.self) {
            try await SignInFixtures.client(transport).verifyCode(code, for: SignInFixtures.ada, deviceID: SignInFixtures.device)
        }
        #expect(error == .invalidCode)
        #expect(transport.requests.isEmpty)
    }
}
