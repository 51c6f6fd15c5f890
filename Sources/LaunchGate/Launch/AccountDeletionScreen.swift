/// Every word and button of the account-deletion screen, decided in the core so the SwiftUI and
/// UIKit screens and `launchgate simulate` say exactly the same.
public struct AccountDeletionScreen: Sendable, Hashable {
    /// Where the deletion is.
    public enum Step: String, Sendable, Hashable {
        /// Asking whether to delete.
        case confirm
        /// The server is deleting.
        case deleting
        /// The account is gone; the done button leads to sign-in.
        case deleted
        /// The server had already ended the session (a 401): the user is signed out, and the
        /// account may be gone (an earlier attempt's answer lost) or not. The done button leads
        /// to sign-in, where a user whose account is still there can sign in and delete it.
        case signedOut
    }

    /// Where the deletion is.
    public var step: Step
    /// The heading.
    public var title: String
    /// The explanation under it.
    public var message: String
    /// A failure to show in red (the account is still there), with ``actions`` to try again or cancel.
    public var error: String?
    /// Set while the server deletes ("Deleting your account…"): show a loading overlay with it.
    public var progress: String?
    /// The buttons, the main one first.
    public var actions: [AccountDeletionAction]

    /// What VoiceOver's escape gesture (a two-finger scrub) and a hardware keyboard's Escape do:
    /// the enabled Cancel on the confirmation, Done on the done screen, and nothing while the
    /// server deletes, when no button may be used either.
    public var escapeAction: AccountDeletionAction.Role? {
        actions.first { $0.isEnabled && [.cancel, .done].contains($0.role) }?.role
    }

    /// Creates a screen, for custom screens and previews; the flow makes the real ones.
    /// - Parameters:
    ///   - step: Where the deletion is.
    ///   - title: The heading.
    ///   - message: The explanation.
    ///   - error: A failure to show.
    ///   - progress: The text while the server deletes.
    ///   - actions: The buttons, the main one first.
    public init(step: Step, title: String, message: String, error: String? = nil, progress: String? = nil,
                actions: [AccountDeletionAction]) {
        self.step = step
        self.title = title
        self.message = message
        self.error = error
        self.progress = progress
        self.actions = actions
    }

    /// The screen at a step, in `strings`' language.
    /// - Parameters:
    ///   - step: Where the deletion is.
    ///   - error: The last attempt's failure, in words, on the confirm step.
    ///   - strings: The default texts.
    /// - Returns: The screen.
    public static func at(_ step: Step, error: String? = nil, strings: LaunchGateStrings) -> AccountDeletionScreen {
        switch step {
        case .confirm, .deleting:
            let busy = step == .deleting
            return AccountDeletionScreen(
                step: step, title: strings.text(.deleteAccountTitle), message: strings.text(.deleteAccountMessage),
                error: busy ? nil : error, progress: busy ? strings.text(.deletingAccount) : nil,
                actions: [AccountDeletionAction(title: strings.text(.deleteAccountConfirm), role: .confirm, isEnabled: !busy),
                          AccountDeletionAction(title: strings.text(.deleteAccountCancel), role: .cancel, isEnabled: !busy)])
        case .deleted:
            return AccountDeletionScreen(step: step, title: strings.text(.accountDeletedTitle), message: strings.text(.accountDeletedMessage),
                                         actions: [AccountDeletionAction(title: strings.text(.deleteAccountDone), role: .done)])
        case .signedOut:
            return AccountDeletionScreen(step: step, title: strings.text(.accountSignedOutTitle), message: strings.text(.accountSignedOutMessage),
                                         actions: [AccountDeletionAction(title: strings.text(.deleteAccountDone), role: .done)])
        }
    }
}
