import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@MainActor
@Suite("The sign-in flow's session: signing in, the welcome, signing out and restoring at launch")
struct SignInFlowSessionTests {
    private let transport = ScriptedTransport()
    private let sessions = InMemorySessionStore()
    private let store = InMemoryKeyValueStore()
    private let clock = TestClock()

    private func flow(paths: AuthPaths = .app("notes"), sessions: (any SessionStore)? = nil) -> SignInFlow {
        SignInFlow(client: SignInFixtures.client(transport, paths: paths), sessions: sessions ?? self.sessions, store: store,
                   now: clock.now, makeDeviceID: { DeviceID("device-\(UUID().uuidString.prefix(8))")! })
    }

    /// Signs in from scratch with a scripted server.
    private func signIn(_ flow: SignInFlow, isNewUser: Bool = false, userID: String = "usr_1", paths: AuthPaths = .app("notes")) async {
        let (send, verify) = paths == .seed ? (SignInFixtures.seed("send-code"), SignInFixtures.seed("verify-code"))
            : (SignInFixtures.sendCode, SignInFixtures.verifyCode)
        transport.enqueue(.respond(.codeSent()), for: send)
        transport.enqueue(.respond(.signedIn(userID: userID, isNewUser: isNewUser)), for: verify)
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        flow.updateCode("123456")
        await flow.verify()
    }

    // MARK: Signing in

    @Test("a correct code signs in, stores the session, and makes the device ID once")
    func signsIn() async throws {
        let flow = flow()
        await signIn(flow, isNewUser: true)
        guard case .signedIn(let user, isNewUser: true) = flow.state else { Issue.record("state is \(flow.state)"); return }
        #expect(user.email == SignInFixtures.ada)
        let stored = try #require(try sessions.loadSession())
        #expect(stored == flow.session && stored.token == SessionToken("lgs_test"))
        let device = try #require(try sessions.loadDeviceID())
        #expect(stored.deviceID == device)
        await flow.signOut()
        await signIn(flow)
        #expect(try sessions.loadDeviceID() == device, "the second sign-in reuses the stored device ID")
        #expect(SignInFixtures.body(transport.requests(to: SignInFixtures.verifyCode).last)?.contains(device.rawValue) == true)
    }

    @Test("a store that can't be written still signs in for this launch, and says so in lastError")
    func storeFails() async {
        sessions.failWrites()
        let flow = flow()
        await signIn(flow)
        #expect(flow.session != nil)
        #expect(flow.lastError == .storageFailed(""))
    }

    @Test("a new user sees the welcome once, even after signing in again; an existing user never does")
    func welcomeOnce() async {
        let flow = flow()
        await signIn(flow, isNewUser: true)
        #expect(flow.showsWelcome)
        flow.markWelcomeSeen()
        #expect(!flow.showsWelcome)
        await flow.signOut()
        await signIn(flow, isNewUser: true)
        #expect(!flow.showsWelcome, "the flag is kept per user")
        await flow.signOut()
        await signIn(flow, isNewUser: true, userID: "usr_2")
        #expect(flow.showsWelcome, "another new user still gets theirs")
        await flow.signOut()
        await signIn(flow, isNewUser: false, userID: "usr_3")
        #expect(!flow.showsWelcome)
    }

    @Test("a new user who quits before the welcome still sees it after relaunch")
    func welcomeAfterRelaunch() async throws {
        await signIn(flow(), isNewUser: true)
        let device = try #require(try sessions.loadDeviceID())
        transport.enqueue(.respond(SignInFixtures.sessionAnswer(device: device.rawValue)), for: SignInFixtures.session)
        let relaunched = flow()
        await relaunched.restore()
        #expect(relaunched.showsWelcome)
        relaunched.markWelcomeSeen()
        let again = flow()
        await again.restore()
        #expect(again.session != nil && !again.showsWelcome)
    }

    // MARK: Signing out

    @Test("sign-out clears the session locally even when the server call fails, and keeps the failure in lastError")
    func signOutOffline() async throws {
        let flow = flow()
        await signIn(flow)
        transport.enqueue(.respond(.signInError("unavailable", status: 503)), for: SignInFixtures.signOut)
        await flow.signOut()
        #expect(flow.state == .enteringEmail && flow.session == nil && flow.email.isEmpty)
        #expect(try sessions.loadSession() == nil)
        #expect(flow.lastError == .unavailable)
        #expect(transport.requests(to: SignInFixtures.signOut).first?.headers["Authorization"] == "Bearer lgs_test")
    }

    @Test("sign-out with the seed's paths clears locally and asks no server")
    func signOutSeed() async throws {
        let flow = flow(paths: .seed)
        await signIn(flow, paths: .seed)
        #expect(flow.session != nil)
        await flow.signOut()
        #expect(try flow.session == nil && sessions.loadSession() == nil)
        #expect(transport.requests.map(\.url) == [SignInFixtures.seed("send-code"), SignInFixtures.seed("verify-code")])
        #expect(flow.lastError == nil)
    }

    // MARK: Restoring

    @Test("restore signs in from the store at once and refreshes the session from the server")
    func restoreRefreshes() async throws {
        try sessions.saveSession(SignInFixtures.storedSession())
        let gate = TransportGate()
        transport.enqueue(.gated(gate, SignInFixtures.sessionAnswer(expiresAt: "2031-01-01T00:00:00Z")), for: SignInFixtures.session, method: "GET")
        let flow = flow()
        let restoring = Task { await flow.restore() }
        for _ in 0..<10_000 where transport.requests.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
        #expect(flow.session == SignInFixtures.storedSession(), "signed in from the store before the server answers")
        gate.open()
        await restoring.value
        #expect(flow.session?.expiresAt == Date(timeIntervalSince1970: 1_924_992_000))
        #expect(try sessions.loadSession()?.expiresAt == Date(timeIntervalSince1970: 1_924_992_000))
    }

    @Test("restore signs out when the server answers 401")
    func restoreUnauthorized() async throws {
        try sessions.saveSession(SignInFixtures.storedSession())
        transport.enqueue(.respond(.signInError("unauthorized", status: 401)), for: SignInFixtures.session)
        let flow = flow()
        await flow.restore()
        #expect(flow.state == .enteringEmail && flow.session == nil)
        #expect(try sessions.loadSession() == nil)
    }

    @Test("restore keeps the stored session when the server can't be reached or fails",
          arguments: [nil, TransportResponse.signInError("unavailable", status: 503), TransportResponse(status: 502)])
    func restoreOffline(answer: TransportResponse?) async throws {
        try sessions.saveSession(SignInFixtures.storedSession())
        if let answer { transport.enqueue(.respond(answer), for: SignInFixtures.session) }
        let flow = flow()
        await flow.restore()
        #expect(flow.state == .signedIn(SignInFixtures.storedSession().user, isNewUser: false))
        #expect(try sessions.loadSession() != nil)
        #expect(flow.lastError != nil && transport.requests.count == 1)
    }

    @Test("an expired stored session is dropped without a request")
    func restoreExpired() async throws {
        try sessions.saveSession(SignInFixtures.storedSession(expiresAt: clock.date))
        let flow = flow()
        await flow.restore()
        #expect(flow.session == nil && transport.requests.isEmpty)
        #expect(try sessions.loadSession() == nil)
    }

    @Test("with the seed's paths a stored session is trusted without a request")
    func restoreSeed() async throws {
        try sessions.saveSession(SignInFixtures.storedSession())
        let flow = flow(paths: .seed)
        await flow.restore()
        #expect(flow.session == SignInFixtures.storedSession() && transport.requests.isEmpty)
    }

    @Test("restore after a relaunch reads the session a file store kept")
    func restoreFromFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("launchgate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sign-in.json")
        await signIn(flow(sessions: FileSessionStore(url: file)), isNewUser: true)
        transport.enqueue(.respond(SignInFixtures.sessionAnswer(device: try #require(try FileSessionStore(url: file).loadDeviceID()).rawValue)),
                          for: SignInFixtures.session)
        let relaunched = flow(sessions: FileSessionStore(url: file))
        await relaunched.restore()
        #expect(relaunched.session?.token == SessionToken("lgs_test"))
        #expect(relaunched.state == .signedIn(try #require(relaunched.session?.user), isNewUser: true))
        #expect(transport.requests(to: SignInFixtures.session).first?.headers["Authorization"] == "Bearer lgs_test")
    }
}
