import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

/// A session store whose reads fail until the test unlocks it, as the keychain does before the
/// device's first unlock after a restart.
private final class LockedSessionStore: SessionStore, @unchecked Sendable {
    private let lock = NSLock()
    private var locked = true
    private let stored: SignInSession
    private(set) var reads = 0

    init(stored: SignInSession) { self.stored = stored }

    func unlock() { lock.withLock { locked = false } }
    func loadSession() throws -> SignInSession? {
        try lock.withLock {
            reads += 1
            if locked { throw SignInError.storageFailed("the keychain is locked") }
            return stored
        }
    }
    func saveSession(_ session: SignInSession) throws {}
    func removeSession() throws {}
    func loadDeviceID() throws -> DeviceID? { SignInFixtures.device }
    func saveDeviceID(_ deviceID: DeviceID) throws {}
}

@MainActor
@Suite("Returning to the foreground: one re-check for every window, and a session read again after a locked keychain")
struct LaunchFlowForegroundTests {
    @Test("windows that all report their return at once share one request")
    func coalescedRecheck() async {
        let device = LaunchHarness()
        device.answer()
        let flow = device.launch(signIn: false)
        await flow.start()
        let gate = TransportGate()
        device.transport.enqueue(.gated(gate, .json(Data(#"{"schemaVersion": 1, "platforms": {}}"#.utf8))), for: device.policyURL)
        let windows = (0..<3).map { _ in Task { await flow.didBecomeActive() } }
        await Task.yield()
        gate.open()
        for window in windows { await window.value }
        #expect(device.transport.requests(to: device.policyURL).count == 2, "the launch's check and one re-check")
    }

    @Test("a stored session that couldn't be read at launch is read again on return, so the user isn't asked to sign in")
    func lockedKeychainRetried() async {
        let sessions = LockedSessionStore(stored: SignInFixtures.storedSession())
        let transport = ScriptedTransport()
        transport.always(.respond(SignInFixtures.sessionAnswer()), for: SignInFixtures.session)
        let signIn = SignInFlow(client: SignInFixtures.client(transport), sessions: sessions, store: InMemoryKeyValueStore(),
                                makeDeviceID: { SignInFixtures.device })
        let flow = LaunchFlow(updates: nil, signIn: signIn)
        guard case .signingIn = flow.state else {
            Issue.record("a locked keychain shows sign-in for now, got \(flow.state)")
            return
        }
        #expect(signIn.lastError == .storageFailed(""))
        await flow.didBecomeActive()
        #expect(sessions.reads == 2, "read again on return")
        sessions.unlock()
        await flow.didBecomeActive()
        #expect(flow.state == .plainApp, "the stored session is adopted once the keychain opens")
        await flow.didBecomeActive()
        #expect(sessions.reads == 3, "no more reads once it was read")
    }

    @Test("a read that found no session is not retried: signing out stays signed out")
    func emptyStoreNotRetried() async {
        let sessions = InMemorySessionStore()
        let signIn = SignInFlow(client: SignInFixtures.client(ScriptedTransport()), sessions: sessions, store: InMemoryKeyValueStore())
        let flow = LaunchFlow(updates: nil, signIn: signIn)
        try? sessions.saveSession(SignInFixtures.storedSession())
        await flow.didBecomeActive()
        guard case .signingIn = flow.state else {
            Issue.record("expected sign-in, got \(flow.state)")
            return
        }
    }

    @Test("the keychain's service name is the app's bundle ID with LaunchGate's suffix, so apps sharing an access group don't collide")
    func keychainService() {
        #expect(KeychainService.name(bundleIdentifier: "com.example.notes") == "com.example.notes.launchgate.sign-in")
        #expect(KeychainService.name(bundleIdentifier: "com.example.todo") != KeychainService.name(bundleIdentifier: "com.example.notes"))
        #expect(KeychainService.name(bundleIdentifier: nil) == "launchgate.sign-in")
        #expect(KeychainService.name(bundleIdentifier: "") == "launchgate.sign-in")
    }
}

@Suite("What a failed check tells a developer")
struct DeveloperHintTests {
    @Test("http to localhost names App Transport Security's key, the server, and that a phone's localhost is the phone")
    func localhost() {
        let hint = LaunchGateError.transport("The resource could not be loaded because the App Transport Security policy requires the use of a secure connection.")
            .developerHint(policyURL: URL(string: "http://localhost:8080/v1/apps/demo/policy?platform=ios")!)
        #expect(hint.contains("NSAllowsLocalNetworking"))
        #expect(hint.contains("serve --demo"))
        #expect(hint.contains("localhost is the phone"))
    }

    @Test("each kind of failure gets its own advice", arguments: [
        (LaunchGateError.httpStatus(404), "launchgate policy publish"),
        (LaunchGateError.signatureInvalid, "launchgate keys show"),
        (LaunchGateError.signatureMissing, "isn't signed"),
        (LaunchGateError.subjectMismatch("x"), "published for"),
        (LaunchGateError.contentType("text/html"), "browser"),
        (LaunchGateError.transport("offline"), "offline"),
    ])
    func advice(error: LaunchGateError, expected: String) {
        #expect(error.developerHint(policyURL: URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios")!)
            .contains(expected))
    }
}
