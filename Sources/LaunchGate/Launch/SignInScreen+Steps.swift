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
