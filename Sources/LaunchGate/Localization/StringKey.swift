/// Every default text the SDK's screens show, by key. English is compiled in as each key's
/// ``english`` value, so the SDK always has words even when no resource can be read; the other
/// languages live in the package's resources under the same keys.
///
/// Placeholders are named, in braces (`{email}`), so a translation may move them.
public enum StringKey: String, Sendable, Hashable, CaseIterable {
    // MARK: Launch
    /// The loading view while the launch check runs.
    case checking = "launch.checking"

    // MARK: Sign-in
    /// The address step's title.
    case signInTitle = "signIn.email.title"
    /// The address step's explanation.
    case signInMessage = "signIn.email.message"
    /// The address field's label.
    case emailField = "signIn.email.field"
    /// The address field's placeholder.
    case emailPlaceholder = "signIn.email.placeholder"
    /// The button that sends a code.
    case sendCode = "signIn.email.send"
    /// Shown while the code is being sent.
    case sending = "signIn.sending"
    /// The code step's title.
    case codeTitle = "signIn.code.title"
    /// The code step's explanation: `{length}` digits, sent to `{email}`.
    case codeMessage = "signIn.code.message"
    /// The code field's label.
    case codeField = "signIn.code.field"
    /// The button that checks the code.
    case verify = "signIn.code.verify"
    /// Shown while the code is being checked.
    case verifying = "signIn.verifying"
    /// The button that sends a new code.
    case resend = "signIn.code.resend"
    /// The resend button while its countdown runs: `{seconds}` left.
    case resendIn = "signIn.code.resendIn"
    /// The button back to the address step.
    case differentEmail = "signIn.code.differentEmail"
    /// The recovery button when the address must change.
    case changeEmail = "signIn.failed.changeEmail"
    /// The recovery button after a wrong or expired code.
    case enterCodeAgain = "signIn.failed.enterCodeAgain"
    /// The recovery button when trying again is all there is to do.
    case tryAgain = "signIn.failed.tryAgain"
    /// The recovery button while the server's wait runs: `{seconds}` left.
    case tryAgainIn = "signIn.failed.tryAgainIn"
    /// The welcome's title.
    case welcomeTitle = "welcome.title"
    /// The welcome's message: signed in as `{email}`.
    case welcomeMessage = "welcome.message"
    /// The welcome's button into the app.
    case welcomeContinue = "welcome.continue"
    /// The sign-out button.
    case signOut = "signIn.signOut"

    /// The English text, the fallback for every language.
    public var english: String {
        switch self {
        case .checking: "Checking for updates…"
        case .signInTitle: "Sign in"
        case .signInMessage: "Enter your email address and we'll send you a code to sign in."
        case .emailField: "Email address"
        case .emailPlaceholder: "you@example.com"
        case .sendCode: "Send Code"
        case .sending: "Sending your code…"
        case .codeTitle: "Enter your code"
        case .codeMessage: "We sent a {length}-digit code to {email}."
        case .codeField: "Code"
        case .verify: "Verify Code"
        case .verifying: "Checking your code…"
        case .resend: "Send a new code"
        case .resendIn: "Send a new code in {seconds} s"
        case .differentEmail: "Use a different email"
        case .changeEmail: "Change Email"
        case .enterCodeAgain: "Enter the Code Again"
        case .tryAgain: "Try Again"
        case .tryAgainIn: "Try again in {seconds} s"
        case .welcomeTitle: "Welcome!"
        case .welcomeMessage: "You're signed in as {email}."
        case .welcomeContinue: "Get Started"
        case .signOut: "Sign Out"
        }
    }
}
