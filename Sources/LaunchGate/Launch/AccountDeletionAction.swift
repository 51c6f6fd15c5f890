/// A button on the account-deletion screen.
public struct AccountDeletionAction: Sendable, Hashable {
    /// What the button does; ``LaunchFlow/perform(_:)-(AccountDeletionAction.Role)`` runs it.
    public enum Role: String, Sendable, Hashable {
        /// Deletes the account (or tries again after a failure). Draw it as destructive.
        case confirm
        /// Goes back to the app, keeping the account.
        case cancel
        /// Ends the deletion's last screen and goes on to sign-in.
        case done
    }

    /// The button's label.
    public var title: String
    /// What it does.
    public var role: Role
    /// Whether it can be tapped now (not while the server deletes).
    public var isEnabled: Bool

    /// Whether the button destroys something and is drawn so (red, `.destructive`): the confirm button.
    public var isDestructive: Bool { role == .confirm }

    /// Creates a button.
    /// - Parameters:
    ///   - title: The label.
    ///   - role: What it does.
    ///   - isEnabled: Whether it can be tapped.
    public init(title: String, role: Role, isEnabled: Bool = true) {
        self.title = title
        self.role = role
        self.isEnabled = isEnabled
    }
}
