import Foundation

extension SignInFlow {
    /// The words and buttons for the current step, in `strings`' language.
    /// It depends on the clock (the resend countdown and a server's wait), so read it on a timer.
    /// - Parameter strings: The default texts.
    /// - Returns: The screen: the address, the code, or the welcome once signed in.
    public func screen(strings: LaunchGateStrings) -> SignInScreen {
        switch state {
        case .enteringEmail:
            return emailScreen(strings, actions: [SignInAction(title: strings.text(.sendCode), role: .sendCode, isEnabled: canSendCode)])
        case .sending:
            var screen = emailScreen(strings, actions: [SignInAction(title: strings.text(.sendCode), role: .sendCode, isEnabled: false)])
            screen.progress = strings.text(.sending)
            return screen
        case .enteringCode(let entry):
            return codeScreen(entry, strings, busy: false)
        case .verifying(let entry):
            var screen = codeScreen(entry, strings, busy: true)
            screen.progress = strings.text(.verifying)
            return screen
        case .failed(let message, let recovery):
            let action = recoveryAction(recovery, strings)
            var screen = if let entry = codeEntry, !isAtEmailStep {
                codeScreen(entry, strings, busy: true)
            } else {
                emailScreen(strings, actions: [])
            }
            screen.error = failure.map { $0.localizedMessage(strings) } ?? message
            screen.actions = [action]
            return screen
        case .signedIn(let user, _):
            return SignInScreen(
                step: .welcome, title: strings.text(.welcomeTitle),
                message: strings.text(.welcomeMessage, ["email": user.email.description]), field: nil, error: nil,
                progress: nil, actions: [SignInAction(title: strings.text(.welcomeContinue), role: .finishWelcome)])
        }
    }

    private func emailScreen(_ strings: LaunchGateStrings, actions: [SignInAction]) -> SignInScreen {
        SignInScreen(
            step: .email, title: strings.text(.signInTitle), message: strings.text(.signInMessage),
            field: .init(kind: .email, label: strings.text(.emailField), placeholder: strings.text(.emailPlaceholder), value: email),
            error: nil, progress: nil, actions: actions)
    }

    private func codeScreen(_ entry: CodeEntry, _ strings: LaunchGateStrings, busy: Bool) -> SignInScreen {
        let wait = secondsUntilResend
        let resendTitle = wait > 0 ? strings.text(.resendIn, ["seconds": String(wait)]) : strings.text(.resend)
        return SignInScreen(
            step: .code, title: strings.text(.codeTitle),
            message: strings.text(.codeMessage, ["length": String(entry.codeLength), "email": entry.address.description]),
            field: .init(kind: .code(length: entry.codeLength), label: strings.text(.codeField),
                         placeholder: String(repeating: "0", count: entry.codeLength), value: code),
            error: nil, progress: nil,
            actions: [
                SignInAction(title: strings.text(.verify), role: .verify, isEnabled: !busy && canVerify),
                SignInAction(title: resendTitle, role: .resend, isEnabled: !busy && canResend),
                SignInAction(title: strings.text(.differentEmail), role: .useDifferentEmail, isEnabled: !busy),
            ])
    }

    private func recoveryAction(_ recovery: Recovery, _ strings: LaunchGateStrings) -> SignInAction {
        switch recovery {
        case .editEmail: return SignInAction(title: strings.text(.changeEmail), role: .recover)
        case .enterCodeAgain: return SignInAction(title: strings.text(.enterCodeAgain), role: .recover)
        case .tryAgain(let notBefore):
            let wait = notBefore.map { Self.secondsUntil($0, now: now()) } ?? 0
            guard wait > 0 else { return SignInAction(title: strings.text(.tryAgain), role: .recover) }
            // Recovering at once is allowed (it goes back to the step); the step's own button waits.
            return SignInAction(title: strings.text(.tryAgainIn, ["seconds": String(wait)]), role: .recover)
        }
    }
}
