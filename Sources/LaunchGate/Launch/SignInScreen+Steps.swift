import Foundation

extension SignInScreen {
    /// The address step's words and buttons, the same for ``SignInFlow`` and for a preview of it.
    /// - Parameters:
    ///   - email: What the field holds.
    ///   - strings: The default texts.
    ///   - isEditable: Whether the field takes input (not while a code is being sent).
    ///   - sendTitle: The button's title when it must say something else, such as a server's wait.
    ///   - canSend: Whether the button is enabled.
    /// - Returns: The screen.
    public static func emailEntry(email: String, strings: LaunchGateStrings, isEditable: Bool = true, sendTitle: String? = nil,
                                  canSend: Bool = true) -> SignInScreen {
        SignInScreen(
            step: .email, title: strings.text(.signInTitle), message: strings.text(.signInMessage),
            field: .init(kind: .email, label: strings.text(.emailField), placeholder: strings.text(.emailPlaceholder),
                         value: email, isEditable: isEditable),
            actions: [SignInAction(title: sendTitle ?? strings.text(.sendCode), role: .sendCode, isEnabled: canSend)])
    }

    /// The code step's words and buttons, the same for ``SignInFlow`` and for a preview of it.
    /// - Parameters:
    ///   - email: The address the code was sent to, named in the message.
    ///   - codeLength: How many digits the code has.
    ///   - code: What the field holds.
    ///   - strings: The default texts.
    ///   - isEditable: Whether the field and the way back to the address take input (not while a code is
    ///     being sent or checked).
    ///   - verifyTitle: The verify button's title when it must say something else, such as a server's wait.
    ///   - resendWait: Seconds until another code may be sent; 0 offers it at once.
    ///   - canVerify: Whether the verify button is enabled.
    ///   - canResend: Whether the resend button is enabled.
    /// - Returns: The screen.
    public static func codeEntry(email: String, codeLength: Int, code: String, strings: LaunchGateStrings, isEditable: Bool = true,
                                 verifyTitle: String? = nil, resendWait: Int = 0, canVerify: Bool = true,
                                 canResend: Bool = true) -> SignInScreen {
        let resendTitle = resendWait > 0 ? strings.text(.resendIn, ["seconds": String(resendWait)]) : strings.text(.resend)
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
