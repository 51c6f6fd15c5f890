import Foundation

/// Account deletion from inside the app (App Store Review Guideline 5.1.1(v)): the app asks, the
/// flow shows a confirmation over the app, and a confirmed deletion ends at sign-in.
extension LaunchFlow {
    /// Where a deletion the app started is; `nil` when none is under way.
    /// The confirming and deleting steps belong to the session they started in: one that ended
    /// meanwhile (a 401 at launch, a sign-out) drops them, so they can't come back for the next user.
    enum AccountDeletionStep: Sendable, Hashable {
        /// Asking; `failure` is the last attempt's, when one failed.
        case confirming(SessionToken, failure: AccountDeletionFailure?)
        /// The server is deleting.
        case deleting(SessionToken)
        /// Deleted; the user is signed out and sees the done screen.
        case deleted
        /// The server no longer took the session (401): signed out, the account perhaps already
        /// deleted by an answer that never arrived. The screen says so before sign-in.
        case signedOut

        /// Whether the step is still current with `session` signed in. The last two steps belong
        /// to nobody: they show only while nobody is signed in, so a later user never sees them.
        func isCurrent(with session: SignInSession?) -> Bool {
            switch self {
            case .confirming(let token, _), .deleting(let token): token == session?.token
            case .deleted, .signedOut: session == nil
            }
        }
    }

    /// Why the last attempt left the account in place.
    enum AccountDeletionFailure: Sendable, Hashable {
        /// LaunchGate's server couldn't be reached or refused.
        case server(SignInError)
        /// The app's ``Configuration/willDeleteAccount`` threw; its description, when it had one.
        case app(String?)
    }

    /// Whether ``requestAccountDeletion()`` would show the confirmation now: a user is signed in
    /// through the per-app paths (the seed's have no deletion) and sees the app or the welcome.
    public var canDeleteAccount: Bool {
        guard let signIn, signIn.session != nil, signIn.client.paths.supportsSessions,
              !(accountDeletion?.isCurrent(with: signIn.session) ?? false) else { return false }
        switch state {
        case .app, .welcome: return true
        default: return false
        }
    }

    /// Shows the confirmation (``State/deletingAccount(_:)``). Call it from the app's own "Delete
    /// Account" button; nothing happens unless ``canDeleteAccount``.
    public func requestAccountDeletion() {
        guard canDeleteAccount, let token = signIn?.session?.token else { return }
        accountDeletion = .confirming(token, failure: nil)
    }

    /// Deletes the account, from the confirmation: the screen shows its progress, then the done
    /// screen. The app's ``Configuration/willDeleteAccount`` runs first, and
    /// ``Configuration/onAccountDeleted`` once the server has deleted the account. A throw from the
    /// first, or a failure to reach the server, goes back to the confirmation with the error, the
    /// account untouched; a session the server no longer takes signs out to the sign-in screen.
    public func confirmAccountDeletion() async {
        guard case .confirming(let token, _) = accountDeletion, let signIn, let session = signIn.session,
              session.token == token else { return }
        accountDeletion = .deleting(token)
        // The system keeps the app running until the answer is in, if the user leaves the app:
        // a request cut off there leaves them not knowing whether the account is gone.
        let endBackgroundTask = beginBackgroundTask?("LaunchGate account deletion")
        defer { endBackgroundTask?() }
        do {
            try await configuration.willDeleteAccount(session)
        } catch {
            guard accountDeletion == .deleting(token) else { return }
            accountDeletion = .confirming(token, failure: .app((error as? LocalizedError)?.errorDescription))
            return
        }
        // A sign-out while the app's own deletion ran: LaunchGate's account stays.
        guard accountDeletion == .deleting(token), signIn.session?.token == token else { return }
        let result = await signIn.deleteAccount()
        // The account is gone whatever the screen shows now, so the app's data on the device goes too.
        if result == .deleted { configuration.onAccountDeleted(session.user) }
        // No button cancels while deleting; only a sign-out meanwhile moves the step on.
        guard accountDeletion == .deleting(token) else { return }
        // Signed out and someone else signed in while the answer was on its way: nothing of
        // this deletion is theirs to see.
        if let current = signIn.session?.token, current != token {
            accountDeletion = nil
            return
        }
        switch result {
        case .deleted: accountDeletion = .deleted
        case .signedOut: accountDeletion = .signedOut
        case .failed(let error): accountDeletion = .confirming(token, failure: .server(error))
        }
    }

    /// Goes back to the app from the confirmation, keeping the account.
    public func cancelAccountDeletion() {
        guard case .confirming = accountDeletion else { return }
        accountDeletion = nil
    }

    /// Ends the done screen (or the one after a 401) and goes on to sign-in.
    public func finishAccountDeletion() {
        guard accountDeletion == .deleted || accountDeletion == .signedOut else { return }
        accountDeletion = nil
    }

    /// Runs an account-deletion button.
    /// - Parameter role: The tapped button's role.
    public func perform(_ role: AccountDeletionAction.Role) async {
        switch role {
        case .confirm: await confirmAccountDeletion()
        case .cancel: cancelAccountDeletion()
        case .done: finishAccountDeletion()
        }
    }

    /// The deletion's screen for a step, in the flow's language.
    func accountDeletionScreen(_ step: AccountDeletionStep) -> AccountDeletionScreen {
        switch step {
        case .confirming(_, let failure): .at(.confirm, error: failure.map(message), strings: strings)
        case .deleting: .at(.deleting, strings: strings)
        case .deleted: .at(.deleted, strings: strings)
        case .signedOut: .at(.signedOut, strings: strings)
        }
    }

    /// A failure in words for the confirmation. It leads with the account being kept, and never
    /// uses sign-in's words for the server being down; but where no answer came (a timeout, a
    /// dropped connection, a cancelled task, an unreadable answer) the server may have deleted
    /// the account, so the text says the outcome is unknown rather than that nothing happened.
    private func message(_ failure: AccountDeletionFailure) -> String {
        switch failure {
        case .server(let error) where Self.unknownOutcomes.contains(error.code):
            strings.text(.deleteAccountUnknown)
        case .server(let error) where Self.plainRefusals.contains(error.code):
            strings.text(.deleteAccountFailed)
        case .server(let error):
            strings.text(.deleteAccountFailedReason, ["reason": error.localizedMessage(strings)])
        case .app(let description?):
            strings.text(.deleteAccountFailedReason, ["reason": description])
        case .app(nil):
            strings.text(.deleteAccountFailed)
        }
    }

    /// Failures after which the request may have reached the server and been carried out.
    private static let unknownOutcomes: Set<String> = [
        "offline", SignInError.timeout.code, SignInError.cancelled.code, "invalid_response", "too_large",
    ]

    /// Refusals whose own texts speak of sign-in and add nothing but "try again".
    private static let plainRefusals: Set<String> = [SignInError.unavailable.code, SignInError.rejected.code]
}
