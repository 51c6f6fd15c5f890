import Foundation
import Testing
@testable import LaunchGate

/// `codeEntry`'s defaults enabled every button, so a caller that gave only the words (the console's
/// preview) drew a code step with Verify Code and an expired wait that ``SignInFlow`` never shows.
@Suite("A sign-in step built with the defaults is the step as SignInFlow shows it")
struct SignInScreenDefaultsTests {
    @Test("the code step as it opens: Verify Code and the resend countdown disabled")
    func codeStepOpens() {
        let screen = SignInScreen.codeEntry(email: "ada@example.com", codeLength: 6, code: "", strings: .english, secondsUntilResend: 60)
        #expect(screen.actions.map(\.title) == ["Verify Code", "Send New Code in 60 s", "Use a Different Email"])
        #expect(screen.actions.map(\.isEnabled) == [false, false, true])
    }

    @Test("Verify Code is enabled once the code has all its digits, Send New Code once the wait has run out")
    func codeComplete() {
        let screen = SignInScreen.codeEntry(email: "ada@example.com", codeLength: 4, code: "1234", strings: .english)
        #expect(screen.actions.map(\.isEnabled) == [true, true, true])
    }

    @Test("a code length outside what the contract allows is kept within it")
    func codeLengthClamped() {
        let long = SignInScreen.codeEntry(email: "ada@example.com", codeLength: 40, code: "", strings: .english)
        let short = SignInScreen.codeEntry(email: "ada@example.com", codeLength: 1, code: "", strings: .english)
        #expect(long.field?.placeholder == String(repeating: "0", count: CodeDelivery.codeLengths.upperBound))
        #expect(short.field?.placeholder == String(repeating: "0", count: CodeDelivery.codeLengths.lowerBound))
    }

    @Test("Send Code is disabled while the address is blank")
    func emailBlank() {
        #expect(SignInScreen.emailEntry(email: "  ", strings: .english).actions.map(\.isEnabled) == [false])
        #expect(SignInScreen.emailEntry(email: "ada@example.com", strings: .english).actions.map(\.isEnabled) == [true])
    }
}
