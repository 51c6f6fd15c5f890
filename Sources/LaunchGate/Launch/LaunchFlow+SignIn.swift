extension LaunchFlow {
    /// Takes the address as typed. Ignored unless sign-in is on screen.
    /// - Parameter text: The field's contents.
    public func updateEmail(_ text: String) {
        signInOnScreen?.updateEmail(text)
    }

    /// Sends a code to the typed address. Ignored unless sign-in is on screen.
    public func sendCode() async {
        await signInOnScreen?.sendCode()
    }

    /// Takes the code as typed or pasted. Ignored unless sign-in is on screen.
    /// - Parameter text: The field's contents.
    /// - Returns: The verification it started, when the flow verifies complete codes by itself.
    @discardableResult
    public func updateCode(_ text: String) -> Task<Void, Never>? {
        signInOnScreen?.updateCode(text)
    }

    /// Checks the typed code with the server. Ignored unless sign-in is on screen.
    public func verify() async {
        await signInOnScreen?.verify()
    }

    /// Sends a new code once the countdown allows. Ignored unless sign-in is on screen.
    public func resend() async {
        await signInOnScreen?.resend()
    }

    /// Goes back to the address step. Ignored unless sign-in is on screen.
    public func useDifferentEmail() {
        signInOnScreen?.useDifferentEmail()
    }

    /// Takes a failed step's way out. Ignored unless sign-in is on screen.
    public func recoverSignIn() {
        signInOnScreen?.recover()
    }

    /// Runs a sign-in or welcome button.
    /// - Parameter role: The tapped button's role.
    public func perform(_ role: SignInAction.Role) async {
        switch role {
        case .sendCode: await sendCode()
        case .verify: await verify()
        case .resend: await resend()
        case .useDifferentEmail: useDifferentEmail()
        case .recover: recoverSignIn()
        case .finishWelcome: finishWelcome()
        }
    }

    /// Ends the welcome and goes on to the app; the welcome never shows to this user again.
    public func finishWelcome() {
        guard case .welcome = state else { return }
        signIn?.markWelcomeSeen()
    }

    /// Signs out and returns to sign-in. Only from the app or the welcome, where a signed-in user is.
    public func signOut() async {
        switch state {
        case .app, .welcome: break
        default: return
        }
        guard let signIn, signIn.session != nil else { return }
        await signIn.signOut()
    }

    /// The words and buttons of the sign-in or welcome screen shown now, or `nil` when neither is.
    /// It depends on the clock (the resend countdown), so read it on a timer while a code is awaited.
    public var signInScreen: SignInScreen? {
        guard let signIn else { return nil }
        switch state {
        case .signingIn, .welcome: return signIn.screen(strings: strings)
        default: return nil
        }
    }

    /// Sign-in, when it is what the user sees; taps that arrive while something else is shown
    /// (a blocking screen that came up mid sign-in) do nothing.
    private var signInOnScreen: SignInFlow? {
        guard case .signingIn = state else { return nil }
        return signIn
    }
}
