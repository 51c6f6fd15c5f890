import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@MainActor
@Suite("The sign-in flow's steps: the address, the code, the resend countdown and failures")
struct SignInFlowStepTests {
    private let transport = ScriptedTransport()
    private let sessions = InMemorySessionStore()
    private let store = InMemoryKeyValueStore()
    private let clock = TestClock()

    private func flow(paths: AuthPaths = .app("notes"), autoVerify: Bool = false) -> SignInFlow {
        SignInFlow(client: SignInFixtures.client(transport, paths: paths), sessions: sessions, store: store,
                   configuration: .init(verifiesWhenComplete: autoVerify), now: clock.now, makeDeviceID: { SignInFixtures.device })
    }

    /// A flow at the code step for ada@example.com, with a 6-digit code and a 60 s resend wait.
    private func atCodeStep(autoVerify: Bool = false) async -> SignInFlow {
        transport.enqueue(.respond(.codeSent(codeLength: 6, resendAfter: 60)), for: SignInFixtures.sendCode)
        let flow = flow(autoVerify: autoVerify)
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        return flow
    }

    private var entry: SignInFlow.CodeEntry {
        SignInFlow.CodeEntry(address: SignInFixtures.ada, codeLength: 6, resendAllowedAt: clock.date.addingTimeInterval(60),
                             expiresAt: clock.date.addingTimeInterval(600))
    }

    // MARK: Address

    @Test("nothing is sent while the address is empty or blank")
    func noSendWhenEmpty() async {
        let flow = flow()
        for text in ["", "   \n"] {
            flow.updateEmail(text)
            #expect(!flow.canSendCode)
            await flow.sendCode()
        }
        #expect(transport.requests.isEmpty)
        #expect(flow.state == .enteringEmail)
    }

    @Test("the typed address is sent trimmed and lowercased, and the code step knows the server's code length")
    func sendsNormalised() async {
        transport.enqueue(.respond(.codeSent(codeLength: 8, expiresIn: 300, resendAfter: 30)), for: SignInFixtures.sendCode)
        let flow = flow()
        flow.updateEmail("  Ada@Example.COM ")
        await flow.sendCode()
        #expect(SignInFixtures.body(transport.requests.first) == #"{"email":"ada@example.com"}"#)
        #expect(flow.state == .enteringCode(.init(address: SignInFixtures.ada, codeLength: 8, resendAllowedAt: clock.date.addingTimeInterval(30),
                                                  expiresAt: clock.date.addingTimeInterval(300))))
        #expect(flow.email == "  Ada@Example.COM ", "the field keeps what was typed")
    }

    @Test("an invalid address fails at once without a request, and typing again dismisses the failure")
    func invalidAddress() async {
        let flow = flow()
        flow.updateEmail("ada@@example.com")
        await flow.sendCode()
        #expect(transport.requests.isEmpty)
        guard case .failed(_, .editEmail) = flow.state else { Issue.record("state is \(flow.state)"); return }
        flow.updateEmail("ada@example.com")
        #expect(flow.state == .enteringEmail && flow.canSendCode)
    }

    @Test("a bounced address sends the user back to change it, with the server's message")
    func deliveryFailed() async {
        transport.enqueue(.respond(.signInError("delivery_failed", status: 503, message: "Mail to ada@example.com bounces.")), for: SignInFixtures.sendCode)
        let flow = flow()
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        #expect(flow.state == .failed(message: "Mail to ada@example.com bounces.", recovery: .editEmail))
        flow.recover()
        #expect(flow.state == .enteringEmail && flow.email == "ada@example.com")
    }

    @Test("a rate-limited send can't be retried before Retry-After, then can")
    func rateLimitedSend() async {
        transport.enqueue(.respond(.signInError("rate_limited", status: 429, message: "Slow down.", retryAfter: 30)), for: SignInFixtures.sendCode)
        let flow = flow()
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        #expect(flow.state == .failed(message: "Slow down.", recovery: .tryAgain(notBefore: clock.date.addingTimeInterval(30))))
        flow.recover()
        clock.advance(by: 29)
        #expect(!flow.canSendCode)
        await flow.sendCode()
        #expect(transport.requests.count == 1)
        clock.advance(by: 1)
        #expect(flow.canSendCode)
    }

    // MARK: Code

    @Test("the code takes digits only, from any script, cut to the server's length")
    func codeDigits() async {
        let flow = await atCodeStep()
        flow.updateCode("12a-3 4")
        #expect(flow.code == "1234")
        flow.updateCode("123456789")
        #expect(flow.code == "123456")
        flow.updateCode("١٢٣٤٥٦")
        #expect(flow.code == "123456")
        #expect(SignInFlow.digits(in: "98765", length: 4) == "9876")
    }

    @Test("verify sends nothing until every digit is typed")
    func verifyOnlyWhenComplete() async {
        let flow = await atCodeStep()
        flow.updateCode("12345")
        #expect(!flow.canVerify)
        await flow.verify()
        #expect(transport.requests(to: SignInFixtures.verifyCode).isEmpty)
        #expect(flow.state == .enteringCode(entry))
        transport.enqueue(.respond(.signedIn()), for: SignInFixtures.verifyCode)
        flow.updateCode("123456")
        #expect(flow.canVerify)
        await flow.verify()
        #expect(SignInFixtures.body(transport.requests(to: SignInFixtures.verifyCode).first)
            == #"{"code":"123456","device_id":"device-1","email":"ada@example.com"}"#)
    }

    @Test("with verifiesWhenComplete, the last digit starts the check, and not a digit before")
    func autoVerify() async {
        let flow = await atCodeStep(autoVerify: true)
        #expect(flow.updateCode("12345") == nil)
        transport.enqueue(.respond(.signedIn()), for: SignInFixtures.verifyCode)
        let started = flow.updateCode("123456")
        #expect(started != nil)
        await started?.value
        #expect(flow.session != nil)
    }

    @Test("resend waits for the countdown by the injected clock, then sends to the same address and restarts it")
    func resendCountdown() async {
        let flow = await atCodeStep()
        #expect(flow.secondsUntilResend == 60)
        clock.advance(by: 59.5)
        #expect(!flow.canResend && flow.secondsUntilResend == 1)
        await flow.resend()
        #expect(transport.requests(to: SignInFixtures.sendCode).count == 1)
        clock.advance(by: 0.5)
        #expect(flow.canResend && flow.secondsUntilResend == 0)
        transport.enqueue(.respond(.codeSent(resendAfter: 120)), for: SignInFixtures.sendCode)
        flow.updateCode("123")
        await flow.resend()
        #expect(transport.requests(to: SignInFixtures.sendCode).map(SignInFixtures.body) == [#"{"email":"ada@example.com"}"#, #"{"email":"ada@example.com"}"#])
        #expect(flow.code.isEmpty && flow.secondsUntilResend == 120)
    }

    @Test("a wrong code offers to enter it again: the digits are cleared and the code step comes back")
    func wrongCode() async {
        let flow = await atCodeStep()
        transport.enqueue(.respond(.signInError("invalid_code", status: 400, message: "That code is not right.")), for: SignInFixtures.verifyCode)
        flow.updateCode("000000")
        await flow.verify()
        #expect(flow.state == .failed(message: "That code is not right.", recovery: .enterCodeAgain))
        #expect(flow.session == nil && sessions.writeCount == 1, "only the device ID was written")
        flow.recover()
        #expect(flow.state == .enteringCode(entry) && flow.code.isEmpty)
    }

    @Test("a locked address can't verify again before its Retry-After")
    func locked() async {
        let flow = await atCodeStep()
        transport.enqueue(.respond(.signInError("locked", status: 429, message: "Locked.", retryAfter: 3_600)), for: SignInFixtures.verifyCode)
        flow.updateCode("000000")
        await flow.verify()
        #expect(flow.state == .failed(message: "Locked.", recovery: .tryAgain(notBefore: clock.date.addingTimeInterval(3_600))))
        flow.recover()
        #expect(!flow.canVerify && !flow.canResend && flow.secondsUntilResend == 3_600)
        clock.advance(by: 3_600)
        #expect(flow.canVerify)
    }

    @Test("an offline verify keeps the typed code for another try")
    func offlineVerify() async {
        let flow = await atCodeStep()
        flow.updateCode("123456")
        await flow.verify()
        guard case .failed(_, .tryAgain(nil)) = flow.state else { Issue.record("state is \(flow.state)"); return }
        flow.recover()
        #expect(flow.code == "123456" && flow.canVerify)
    }

    @Test("use a different email goes back to the address as typed, with the code cleared")
    func differentEmail() async {
        let flow = await atCodeStep()
        flow.updateCode("123")
        flow.useDifferentEmail()
        #expect(flow.state == .enteringEmail && flow.code.isEmpty && flow.email == "ada@example.com")
        flow.updateCode("456")
        #expect(flow.code.isEmpty, "no code is taken at the address step")
    }
}
