import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@MainActor
@Suite("Deleting the account from the sign-in flow: DELETE with the session, then signed out with nothing kept; kept on a failure to reach the server")
struct SignInFlowDeletionTests {
    private let transport = ScriptedTransport()
    private let sessions = InMemorySessionStore()
    private let store = InMemoryKeyValueStore()
    private let clock = TestClock()
    private static let account = SignInFixtures.app("account")
    private static let deleted = TransportResponse.json(#"{"status": "success", "message": "Account deleted."}"#)

    private func flow(paths: AuthPaths = .app("notes")) -> SignInFlow {
        SignInFlow(client: SignInFixtures.client(transport, paths: paths), sessions: sessions, store: store,
                   now: clock.now, makeDeviceID: { DeviceID("device-1")! })
    }

    private func signIn(_ flow: SignInFlow, paths: AuthPaths = .app("notes")) async {
        let (send, verify) = paths == .seed ? (SignInFixtures.seed("send-code"), SignInFixtures.seed("verify-code"))
            : (SignInFixtures.sendCode, SignInFixtures.verifyCode)
        transport.enqueue(.respond(.codeSent()), for: send)
        transport.enqueue(.respond(.signedIn(isNewUser: true)), for: verify)
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        flow.updateCode("123456")
        await flow.verify()
        flow.markWelcomeSeen()
    }

    // MARK: Tests

    @Test("a deletion sends DELETE …/auth/account with the token and device, then signs out and clears the session store and welcome flag")
    func deletes() async throws {
        let flow = flow()
        await signIn(flow)
        let user = try #require(flow.session?.user)
        #expect(store.data(forKey: flow.welcomeKey(for: user)) != nil)
        transport.enqueue(.respond(Self.deleted), for: Self.account, method: "DELETE")

        #expect(await flow.deleteAccount() == .deleted)
        #expect(flow.state == .enteringEmail && flow.session == nil && flow.email.isEmpty && flow.lastError == nil)
        #expect(try sessions.loadSession() == nil)
        #expect(store.data(forKey: flow.welcomeKey(for: user)) == nil, "nothing on the device names the deleted user")
        let request = try #require(transport.requests(to: Self.account).first)
        #expect(request.method == "DELETE" && request.body == nil)
        #expect(request.headers["Authorization"] == "Bearer lgs_test" && request.headers["LaunchGate-Device-ID"] == "device-1")
    }

    @Test("no answer (offline, a 503) keeps the user signed in with the session stored, and says why in lastError")
    func offlineKeepsSession() async throws {
        let flow = flow()
        await signIn(flow)
        let session = flow.session
        transport.enqueue(.fail(.transport("offline")), for: Self.account)
        guard case .failed(let offline) = await flow.deleteAccount() else { Issue.record("deleted while offline"); return }
        #expect(offline.code == "offline" && flow.lastError == offline)
        #expect(try flow.session == session && session != nil && sessions.loadSession() == session)
        transport.enqueue(.respond(.signInError("unavailable", status: 503)), for: Self.account)
        #expect(await flow.deleteAccount() == .failed(.unavailable))
        #expect(flow.session == session && flow.lastError == .unavailable)
    }

    @Test("a 401 (the session or the account already gone) signs out as a session check does, without claiming a deletion")
    func unauthorizedSignsOut() async throws {
        let flow = flow()
        await signIn(flow)
        transport.enqueue(.respond(.signInError("unauthorized", status: 401)), for: Self.account)
        #expect(await flow.deleteAccount() == .signedOut)
        #expect(try flow.session == nil && sessions.loadSession() == nil && flow.lastError == .unauthorized)
    }

    @Test("with the seed's paths, or signed out, nothing is sent and nothing changes")
    func seedAndSignedOut() async throws {
        #expect(await flow().deleteAccount() == .failed(.unauthorized))
        #expect(transport.requests.isEmpty)
        let seed = flow(paths: .seed)
        await signIn(seed, paths: .seed)
        guard case .failed(let error) = await seed.deleteAccount() else { Issue.record("deleted on the seed's paths"); return }
        #expect(error.code == "not_on_seed_paths" && seed.session != nil)
        #expect(transport.requests.allSatisfy { !$0.url.path.hasSuffix("/account") })
    }

    @Test("a second deletion while one runs sends no second DELETE and gets the first one's result", .timeLimit(.minutes(1)))
    func oneAtATime() async throws {
        let flow = flow()
        await signIn(flow)
        let gate = TransportGate()
        transport.enqueue(.gated(gate, Self.deleted), for: Self.account, method: "DELETE")
        let first = Task { await flow.deleteAccount() }
        // Yields, not a sleep: bounded, so a flow that never sends fails here instead of hanging.
        for _ in 0..<10_000 where transport.requests(to: Self.account).isEmpty { await Task.yield() }
        try #require(!transport.requests(to: Self.account).isEmpty, "the first deletion is in flight")
        let second = Task { await flow.deleteAccount() }
        await Task.yield()
        gate.open()
        #expect(await first.value == .deleted)
        #expect(await second.value == .deleted, "not .signedOut from a second DELETE's 401")
        #expect(transport.requests(to: Self.account).count == 1)
    }
}
