/// Every word and button of one sign-in or welcome screen (seed 002), decided in the core so the
/// SwiftUI and UIKit screens, `launchgate simulate` and the console's previews say exactly the same.
public struct SignInScreen: Sendable, Hashable {
    /// Which screen this is.
    public enum Step: String, Sendable, Hashable {
        /// The address.
        case email
        /// The emailed code.
        case code
        /// A new user's welcome.
        case welcome
    }

    /// The text field of a step.
    public struct Field: Sendable, Hashable {
        /// What the field takes.
        public enum Kind: Sendable, Hashable {
            /// An email address.
            case email
            /// A code of this many digits.
            case code(length: Int)
        }

        /// What the field takes, for its keyboard and autofill.
        public var kind: Kind
        /// Its label, also its accessibility label.
        public var label: String
        /// Its placeholder.
        public var placeholder: String
        /// What is typed so far.
        public var value: String
    }

    /// Which screen this is.
    public var step: Step
    /// The heading.
    public var title: String
    /// The explanation under it.
    public var message: String
    /// The text field, on the address and code steps.
    public var field: Field?
    /// The failure to show in red, with ``actions`` holding its way out.
    public var error: String?
    /// Set while a request runs ("Sending your code…"): show a loading overlay with it.
    public var progress: String?
    /// The buttons, the main one first.
    public var actions: [SignInAction]

    /// The main button.
    public var primaryAction: SignInAction? { actions.first }
}
