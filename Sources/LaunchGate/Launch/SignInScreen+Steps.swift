import Foundation

extension SignInScreen {
    /// The address step's words and buttons, the same for ``SignInFlow`` and for a preview of it.
    /// - Parameters:
    ///   - email: What the field holds.
    ///   - strings: The default texts.
    ///   - isEditable: Whether the field takes input (not while a code is being sent).
    ///   - sendTitle: The button's title when it must say something else, such as a server's wait.
    ///   - canSend: Whether the button is enabled; by default when the address isn't blank, as
    ///     ``SignInFlow`` opens the step (an empty field and a disabled button).
    /// - Returns: The screen.
    public static func emailEntry(email: String, strings: LaunchGateStrings, isEditable: Bool = true, sendTitle: String? = nil,
                                  canSend: Bool? = nil) -> SignInScreen {
        let canSend = canSend ?? !email.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        return SignInScreen(
            step: .email, title: strings.text(.signInTitle), message: strings.text(.signInMessage),
            field: .init(kind: .email, label: strings.text(.emailField), placeholder: strings.text(.emailPlaceholder),
                         value: email, isEditable: isEditable),
            actions: [SignInAction(title: sendTitle ?? strings.text(.sendCode), role: .sendCode, isEnabled: canSend)])
    }

    /// The code step's words and buttons, the same for ``SignInFlow`` and for a preview of it.
    /// - Parameters:
    ///   - email: The address the code was sent to, named in the message.
    ///   - codeLength: How many digits the code has, kept within ``CodeDelivery/codeLengths`` (what
    ///     the contract allows and ``SignInFlow`` takes).
    ///   - code: What the field holds.
    ///   - strings: The default texts.
    ///   - isEditable: Whether the field and the way back to the address take input (not while a code is
    ///     being sent or checked).
    ///   - verifyTitle: The verify button's title when it must say something else, such as a server's wait.
    ///   - secondsUntilResend: Seconds until another code may be sent (``SignInFlow/secondsUntilResend``);
    ///     0 offers it at once.
    ///   - canVerify: Whether the verify button is enabled; by default once the code has all its
    ///     digits, as in ``SignInFlow``.
    ///   - canResend: Whether the resend button is enabled; by default once the wait has run out.
    /// - Returns: The screen. With the defaults, `code: ""` and the server's wait, it is the step as
    ///   ``SignInFlow`` opens it: both buttons disabled.
    public static func codeEntry(email: String, codeLength: Int, code: String, strings: LaunchGateStrings, isEditable: Bool = true,
                                 verifyTitle: String? = nil, secondsUntilResend: Int = 0, canVerify: Bool? = nil,
                                 canResend: Bool? = nil) -> SignInScreen {
        let codeLength = min(max(codeLength, CodeDelivery.codeLengths.lowerBound), CodeDelivery.codeLengths.upperBound)
        let wait = max(secondsUntilResend, 0)
        let canVerify = canVerify ?? (code.count == codeLength)
        let canResend = canResend ?? (wait == 0)
        let resendTitle = wait > 0 ? strings.text(.resendIn, ["seconds": String(wait)]) : strings.text(.resend)
        return SignInScreen(
            step: .code, title: strings.text(.codeTitle),
            message: strings.text(.codeMessage, ["length": String(codeLength), "email": email]),
            field: .init(kind: .code(length: codeLength), label: strings.text(.codeField),
                         placeholder: String(repeating: "0", count: codeLength), value: code, isEditable: isEditable),
            actions: [
                SignInAction(title: verifyTitle ?? strings.text(.verify), role: .verify, isEnabled: canVerify),
                SignInAction(title: resendTitle, role: .resend, isEnabled: canResend),
                SignInAction(title: strings.text(.differentEmail), role: .useDifferentEmail, isEnabled: isEditable),
            ])
    }

    /// The welcome a user sees once, after signing in.
    /// - Parameters:
    ///   - email: The signed-in address.
    ///   - strings: The default texts.
    /// - Returns: The screen.
    public static func welcome(email: String, strings: LaunchGateStrings) -> SignInScreen {
        SignInScreen(
            step: .welcome, title: strings.text(.welcomeTitle), message: strings.text(.welcomeMessage, ["email": email]),
            actions: [SignInAction(title: strings.text(.welcomeContinue), role: .finishWelcome)])
    }
}
