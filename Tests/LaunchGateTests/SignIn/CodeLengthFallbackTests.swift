import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@MainActor
@Suite("The code's length when the server doesn't say: four on the original /api/auth backend, or as configured")
struct CodeLengthFallbackTests {
    private let transport = ScriptedTransport()

    /// The original backend's send-code answer: a status and a message, nothing about the code.
    private static let bareCodeSent = TransportResponse.json(#"{"status": "success", "message": "Code sent"}"#)

    private func client(_ paths: AuthPaths) -> AuthClient {
        AuthClient(baseURL: SignInFixtures.base, paths: paths, transport: transport)
    }

    private func sendCodeURL(_ paths: AuthPaths) -> URL {
        paths == .seed ? SignInFixtures.seed("send-code") : SignInFixtures.sendCode
    }

    // MARK: Tests

    @Test("a client on the seed's paths expects four digits when send-code names no length, one on a LaunchGate server's six")
    func defaultsByPaths() async throws {
        for (paths, expected) in [(AuthPaths.seed, 4), (.app("notes"), 6)] {
            transport.enqueue(.respond(Self.bareCodeSent), for: sendCodeURL(paths))
            #expect(try await client(paths).sendCode(to: SignInFixtures.ada).codeLength == expected, "\(paths)")
        }
    }

    @Test("the server's own code_length wins over any fallback")
    func serverWins() async throws {
        transport.enqueue(.respond(.codeSent(codeLength: 8)), for: SignInFixtures.seed("send-code"))
        #expect(try await client(.seed).sendCode(to: SignInFixtures.ada).codeLength == 8)
    }

    @Test("the one-line setup's codeLength becomes the client's fallback; without it the paths decide")
    func standardSetup() {
        let cases: [(AuthPaths, Int?, Int)] = [(.app("notes"), 4, 4), (.app("notes"), nil, 6), (.seed, nil, 4), (.seed, 8, 8)]
        for (paths, length, expected) in cases {
            let flow = SignInFlow.standard(server: SignInFixtures.base, paths: paths, codeLength: length)
            #expect(flow.client.configuration.fallbackDelivery.codeLength == expected, "\(paths) \(String(describing: length))")
        }
    }

    @Test("against a backend that names no length, a four-digit code fills the field and verifies")
    func fourDigitsVerify() async throws {
        transport.enqueue(.respond(Self.bareCodeSent), for: SignInFixtures.seed("send-code"))
        transport.enqueue(.respond(.signedIn()), for: SignInFixtures.seed("verify-code"))
        let flow = SignInFlow(client: client(.seed), sessions: InMemorySessionStore(), store: InMemoryKeyValueStore(),
                              makeDeviceID: { SignInFixtures.device })
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        #expect(flow.screen(strings: .english).field?.kind == .code(length: 4))
        flow.updateCode("12345")
        #expect(flow.code == "1234")
        #expect(flow.canVerify)
        await flow.verify()
        guard case .signedIn(let user, _) = flow.state else { Issue.record("not signed in: \(flow.state)"); return }
        #expect(user.email == SignInFixtures.ada)
        #expect(SignInFixtures.body(transport.requests.last) == #"{"code":"1234","device_id":"device-1","email":"ada@example.com"}"#)
    }
}
