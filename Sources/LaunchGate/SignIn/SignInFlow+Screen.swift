import Foundation

extension SignInFlow {
    /// The words and buttons for the current step, in `strings`' language.
    /// It depends on the clock (the resend countdown and a server's wait), so read it on a timer.
    /// - Parameter strings: The default texts.
    /// - Returns: The screen: the address, the code, or the welcome once signed in.
    public func screen(strings: LaunchGateStrings) -> SignInScreen {
        switch state {
        case .enteringEmail:
            return emailScreen(strings, busy: false)
        case .sending:
            // A resend runs from the code step, and keeps showing it.
            var screen = if case .enteringCode(let entry) = sendingFrom {
                codeScreen(entry, strings, busy: true)
            } else {
                emailScreen(strings, busy: true)
            }
            screen.progress = strings.text(.sending)
            return screen
        case .enteringCode(let entry):
            return codeScreen(entry, strings, busy: false)
        case .verifying(let entry):
            var screen = codeScreen(entry, strings, busy: true)
            screen.progress = strings.text(.verifying)
            return screen
        case .failed(let message, let recovery):
            var screen = if let entry = codeEntry, !isAtEmailStep {
                codeScreen(entry, strings, busy: true)
            } else {
                emailScreen(strings, busy: false)
            }
            screen.error = failure.map { $0.localizedMessage(strings) } ?? message
            screen.actions = [recoveryAction(recovery, strings)]
            return screen
        case .signedIn(let user, _):
            return .welcome(email: user.email.description, strings: strings)
        }
    }

    private func emailScreen(_ strings: LaunchGateStrings, busy: Bool) -> SignInScreen {
        .emailEntry(email: email, strings: strings, isEditable: !busy, sendTitle: waiting(strings), canSend: !busy && canSendCode)
    }

    private func codeScreen(_ entry: CodeEntry, _ strings: LaunchGateStrings, busy: Bool) -> SignInScreen {
        .codeEntry(email: entry.address.description, codeLength: entry.codeLength, code: code, strings: strings, isEditable: !busy,
                   verifyTitle: waiting(strings), secondsUntilResend: secondsUntilResend, canVerify: !busy && canVerify,
                   canResend: !busy && canResend)
    }

    /// "Try again in 42 s" while the server's wait runs, so a disabled button says why.
    private func waiting(_ strings: LaunchGateStrings) -> String? {
        let wait = secondsUntilAllowed
        return wait > 0 ? strings.text(.tryAgainIn, ["seconds": String(wait)]) : nil
    }

    private func recoveryAction(_ recovery: Recovery, _ strings: LaunchGateStrings) -> SignInAction {
        switch recovery {
        case .editEmail: return SignInAction(title: strings.text(.changeEmail), role: .recover)
        case .enterCodeAgain: return SignInAction(title: strings.text(.enterCodeAgain), role: .recover)
        case .tryAgain:
            // Recovering at once is allowed (it goes back to the step); the step's own button waits.
            return SignInAction(title: waiting(strings) ?? strings.text(.tryAgain), role: .recover)
        }
    }
}
