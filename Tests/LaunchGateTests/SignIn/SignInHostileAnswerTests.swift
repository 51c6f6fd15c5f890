import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@MainActor
@Suite("Sign-in against a broken or hostile server: absurd waits, another user's session, a session already over")
struct SignInHostileAnswerTests {
    private let transport = ScriptedTransport()
    private let sessions = InMemorySessionStore()
    private let clock = TestClock()

    private func flow() -> SignInFlow {
        SignInFlow(client: SignInFixtures.client(transport), sessions: sessions, store: InMemoryKeyValueStore(),
                   now: clock.now, makeDeviceID: { SignInFixtures.device })
    }

    private func codeSent(resendAfter: String) -> TransportResponse {
        .json(#"{"status": "success", "message": "Sent.", "code_length": 6, "expires_in": 600, "resend_after": \#(resendAfter)}"#)
    }

    @Test("a resend wait over a day is refused as an unreadable answer, not a crash", arguments: ["1e19", "1e300", "86401"])
    func absurdResendWait(value: String) async {
        transport.enqueue(.respond(codeSent(resendAfter: value)), for: SignInFixtures.sendCode)
        let flow = flow()
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        guard case .failed = flow.state else { Issue.record("got \(flow.state)"); return }
        #expect(flow.failure?.code == "invalid_response")
        _ = flow.screen(strings: .english)
    }

    @Test("a Retry-After of Int.max is shown as a day's wait, in seconds and in words, without overflowing")
    func absurdRetryAfter() async throws {
        transport.enqueue(.respond(.signInError("rate_limited", status: 429, retryAfter: Int.max)), for: SignInFixtures.sendCode)
        let flow = flow()
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        #expect(flow.failure?.retryAfter == 86_400)
        let screen = flow.screen(strings: .forLanguages(["de"]))
        #expect(screen.error?.isEmpty == false)
        #expect(SignInFlow.secondsUntil(.distantFuture, now: clock.date) == SignInFlow.longestWait)
    }

    @Test("a verified code answered with another address's session is refused, so nobody becomes the exempt test user")
    func anotherAddress() async throws {
        transport.enqueue(.respond(.codeSent()), for: SignInFixtures.sendCode)
        transport.enqueue(.respond(.signedIn(email: "test@example.com")), for: SignInFixtures.verifyCode)
        let flow = flow()
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        flow.updateCode("123456")
        await flow.verify()
        #expect(flow.session == nil)
        #expect(flow.failure?.code == "invalid_response")
        #expect(try sessions.loadSession() == nil)
    }

    @Test("a session that is already over when it arrives doesn't sign in")
    func expiredOnArrival() async {
        transport.enqueue(.respond(.codeSent()), for: SignInFixtures.sendCode)
        transport.enqueue(.respond(.signedIn(expiresAt: "2020-01-01T00:00:00Z")), for: SignInFixtures.verifyCode)
        let flow = flow()
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        flow.updateCode("123456")
        await flow.verify()
        #expect(flow.session == nil)
        guard case .failed = flow.state else { Issue.record("got \(flow.state)"); return }
    }

    @Test("a session check naming another account signs out instead of switching users")
    func sessionForAnotherAccount() async throws {
        try sessions.saveSession(SignInFixtures.storedSession())
        transport.enqueue(.respond(SignInFixtures.sessionAnswer(email: "test@example.com")), for: SignInFixtures.session)
        let flow = flow()
        await flow.restore()
        #expect(flow.session == nil)
        #expect(flow.state == .enteringEmail)
    }
}
