import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@MainActor
@Suite("The sign-in and welcome screens' words and buttons")
struct SignInScreenTests {
    private let device = LaunchHarness()

    private func started() async -> LaunchFlow {
        device.answer()
        let flow = device.launch()
        await flow.start()
        return flow
    }

    @Test("the address step has its field and a Send Code button enabled only once something is typed")
    func emailStep() async throws {
        let flow = await started()
        var screen = try #require(flow.signInScreen)
        #expect(screen.step == .email && screen.title == "Sign in")
        #expect(screen.field?.kind == .email && screen.field?.label == "Email address")
        #expect(screen.primaryAction == SignInAction(title: "Send Code", role: .sendCode, isEnabled: false))
        flow.updateEmail("ada@example.com")
        screen = try #require(flow.signInScreen)
        #expect(screen.field?.value == "ada@example.com")
        #expect(screen.primaryAction?.isEnabled == true)
    }

    @Test("the code step names the address and length, and counts down to resending")
    func codeStep() async throws {
        let flow = await started()
        device.transport.enqueue(.respond(.codeSent(codeLength: 4, resendAfter: 30)), for: SignInFixtures.sendCode)
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        var screen = try #require(flow.signInScreen)
        #expect(screen.message == "We sent a 4-digit code to ada@example.com.")
        #expect(screen.field?.kind == .code(length: 4))
        #expect(screen.actions.map(\.role) == [.verify, .resend, .useDifferentEmail])
        #expect(screen.actions[1] == SignInAction(title: "Send New Code in 30 s", role: .resend, isEnabled: false))
        device.clock.advance(by: 30)
        flow.updateCode("1234")
        screen = try #require(flow.signInScreen)
        #expect(screen.actions[0].isEnabled, "a complete code can be verified")
        #expect(screen.actions[1] == SignInAction(title: "Send New Code", role: .resend, isEnabled: true))
    }

    @Test("a wrong code shows the server's message with a way back to the code")
    func failure() async throws {
        let flow = await started()
        device.transport.enqueue(.respond(.codeSent(codeLength: 6)), for: SignInFixtures.sendCode)
        device.transport.enqueue(.respond(.signInError("invalid_code", status: 400, message: "That code isn't right.")),
                                 for: SignInFixtures.verifyCode)
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        flow.updateCode("000000")
        await flow.verify()
        let screen = try #require(flow.signInScreen)
        #expect(screen.step == .code)
        #expect(screen.error != nil)
        #expect(screen.actions.map(\.role) == [.recover])
        await flow.perform(.recover)
        #expect(flow.signInScreen?.error == nil)
        #expect(flow.signInScreen?.field?.value == "", "the wrong digits are cleared")
    }

    @Test("a server's wait shows as a countdown on the way back")
    func rateLimited() async throws {
        let flow = await started()
        device.transport.enqueue(.respond(.signInError("rate_limited", status: 429, message: "Too many.", retryAfter: 90)),
                                 for: SignInFixtures.sendCode)
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        let screen = try #require(flow.signInScreen)
        #expect(screen.actions.first?.title == "Try again in 90 s")
        device.clock.advance(by: 90)
        #expect(flow.signInScreen?.actions.first?.title == "Try Again")
    }

    @Test("the screens follow the app's language: French words for the steps and for a failure")
    func french() async throws {
        device.answer()
        let flow = device.launch(languages: ["fr-FR", "en"])
        await flow.start()
        #expect(flow.strings.language == "fr")
        let email = try #require(flow.signInScreen)
        #expect(email.title == LaunchGateStrings.forLanguages(["fr"]).text(.signInTitle))
        #expect(email.title != StringKey.signInTitle.english)
        device.transport.enqueue(.fail(.timeout), for: SignInFixtures.sendCode)
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        let failed = try #require(flow.signInScreen)
        #expect(failed.error == SignInError.timeout.localizedMessage(flow.strings))
        #expect(failed.error != SignInError.timeout.message, "not the English message")
    }

    @Test("a resend keeps the code step on screen, busy, with its field locked until the answer")
    func resendStaysOnCodeStep() async throws {
        let flow = await started()
        device.transport.enqueue(.respond(.codeSent(codeLength: 6, resendAfter: 30)), for: SignInFixtures.sendCode)
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        device.clock.advance(by: 30)
        let answer = TransportGate()
        device.transport.enqueue(.gated(answer, .codeSent(codeLength: 6, resendAfter: 30)), for: SignInFixtures.sendCode)
        let resending = Task { await flow.resend() }
        while device.transport.requests(to: SignInFixtures.sendCode).count < 2 { await Task.yield() }
        let busy = try #require(flow.signInScreen)
        #expect(busy.step == .code)
        #expect(busy.progress == "Sending your code…")
        #expect(busy.field?.isEditable == false)
        #expect(busy.actions.allSatisfy { !$0.isEnabled })
        answer.open()
        await resending.value
        #expect(flow.signInScreen?.field?.isEditable == true)
    }

    @Test("after a server's wait, the step's own button counts down too, and then reads Send Code again")
    func waitOnTheStep() async throws {
        let flow = await started()
        device.transport.enqueue(.respond(.signInError("rate_limited", status: 429, message: "Too many.", retryAfter: 90)),
                                 for: SignInFixtures.sendCode)
        flow.updateEmail("ada@example.com")
        await flow.sendCode()
        flow.recoverSignIn()
        let waiting = try #require(flow.signInScreen?.primaryAction)
        #expect(waiting == SignInAction(title: "Try again in 90 s", role: .sendCode, isEnabled: false))
        device.clock.advance(by: 90)
        #expect(flow.signInScreen?.primaryAction == SignInAction(title: "Send Code", role: .sendCode, isEnabled: true))
    }
}
