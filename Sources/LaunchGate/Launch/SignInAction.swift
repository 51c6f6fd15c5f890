/// A button on the sign-in or welcome screen.
public struct SignInAction: Sendable, Hashable {
    /// What the button does; ``LaunchFlow/perform(_:)-(SignInAction.Role)`` runs it.
    public enum Role: String, Sendable, Hashable {
        /// Sends a code to the typed address.
        case sendCode
        /// Checks the typed code.
        case verify
        /// Sends a new code to the same address.
        case resend
        /// Goes back to the address step.
        case useDifferentEmail
        /// Takes a failure's way out (change the address, enter the code again, try again).
        case recover
        /// Ends the welcome.
        case finishWelcome
    }

    /// The button's label.
    public var title: String
    /// What it does.
    public var role: Role
    /// Whether it can be tapped now (a complete code, a countdown that is over).
    public var isEnabled: Bool

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
