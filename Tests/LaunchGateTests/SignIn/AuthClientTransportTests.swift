import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@Suite("The sign-in client's transport rules: https only, same origin, size cap, timeout")
struct AuthClientTransportTests {
    private let transport = ScriptedTransport()

    private func sendFailure(_ client: AuthClient) async -> SignInError? {
        await #expect(throws: SignInError.self) { try await client.sendCode(to: SignInFixtures.ada) }
    }

    // MARK: Tests

    @Test("a plain-http or schemeless server is refused before anything is sent",
          arguments: ["http://auth.example.com", "http://185.96.221.52:8080", "ftp://auth.example.com", "auth.example.com"])
    func insecureRefused(base: String) async throws {
        let error = await sendFailure(SignInFixtures.client(transport, base: try #require(URL(string: base))))
        #expect(error == .insecureURL(SignInFixtures.base))
        #expect(transport.requests.isEmpty)
    }

    @Test("plain http to this device's loopback address is allowed, for local servers and tests",
          arguments: ["http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080"])
    func loopbackAllowed(base: String) async throws {
        let url = try #require(URL(string: base))
        transport.enqueue(.respond(.codeSent()), for: url.appendingPathComponent("v1/apps/notes/auth/send-code"))
        _ = try await SignInFixtures.client(transport, base: url).sendCode(to: SignInFixtures.ada)
        #expect(transport.requests.count == 1)
    }

    @Test("an answer that came from another origin after a redirect is refused",
          arguments: ["https://evil.example/v1/apps/notes/auth/send-code", "http://auth.example.com/v1/apps/notes/auth/send-code",
                      "https://auth.example.com:8443/v1/apps/notes/auth/send-code"])
    func crossOriginRedirect(target: String) async throws {
        transport.enqueue(.redirected(to: try #require(URL(string: target)), .codeSent()), for: SignInFixtures.sendCode)
        #expect(await sendFailure(SignInFixtures.client(transport)) == .redirectRefused(to: nil))
    }

    @Test("a redirect within the same https origin is followed")
    func sameOriginRedirect() async throws {
        transport.enqueue(.redirected(to: SignInFixtures.app("send-code-v2"), .codeSent()), for: SignInFixtures.sendCode)
        #expect(try await SignInFixtures.client(transport).sendCode(to: SignInFixtures.ada).codeLength == 6)
    }

    @Test("a transport's refused redirect or oversized body becomes the sign-in error of the same name")
    func transportRefusals() async {
        transport.enqueue(.fail(.redirectRefused(from: SignInFixtures.sendCode, to: SignInFixtures.sendCode)), for: SignInFixtures.sendCode)
        transport.enqueue(.fail(.tooLarge(99_999, limit: 1_024)), for: SignInFixtures.sendCode)
        let client = SignInFixtures.client(transport)
        #expect(await sendFailure(client) == .redirectRefused(to: nil))
        #expect(await sendFailure(client) == .tooLarge(limit: 0))
    }

    @Test("an answer over the size cap is refused even when the transport delivered it whole")
    func sizeCap() async {
        let padding = String(repeating: " ", count: 4_096)
        transport.enqueue(.respond(.json(#"{"status": "success"\#(padding)}"#)), for: SignInFixtures.sendCode)
        let error = await sendFailure(SignInFixtures.client(transport, maximumResponseSize: 1_024))
        #expect(error == .tooLarge(limit: 1_024))
        #expect(error?.message.contains("1024") == true)
    }

    @Test("a server that never answers fails with a timeout, even if the transport ignores cancellation")
    func timeout() async {
        transport.enqueue(.hang, for: SignInFixtures.sendCode)
        #expect(await sendFailure(SignInFixtures.client(transport, timeout: .milliseconds(50))) == .timeout)
    }

    @Test("no answer at all is offline, in words that don't mention the policy")
    func offline() async {
        let error = await sendFailure(SignInFixtures.client(transport))
        #expect(error == .offline(""))
        #expect(error?.message.contains("policy") == false)
        #expect(error?.message.contains("Check your connection") == true)
    }
}
