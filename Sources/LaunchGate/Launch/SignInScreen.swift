/// Every word and button of one sign-in or welcome screen, decided in the core so the
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
        /// Whether typing is taken now; not while a request runs, when the flow ignores it.
        public var isEditable: Bool

        /// Creates a field, for custom screens and previews.
        /// - Parameters:
        ///   - kind: What it takes.
        ///   - label: Its label.
        ///   - placeholder: Its placeholder.
        ///   - value: What is typed.
        ///   - isEditable: Whether typing is taken now.
        public init(kind: Kind, label: String, placeholder: String, value: String, isEditable: Bool = true) {
            self.kind = kind
            self.label = label
            self.placeholder = placeholder
            self.value = value
            self.isEditable = isEditable
        }
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

    /// Creates a screen, for custom screens and previews; the flow makes the real ones.
    /// - Parameters:
    ///   - step: Which screen.
    ///   - title: The heading.
    ///   - message: The explanation.
    ///   - field: The text field, if any.
    ///   - error: A failure to show.
    ///   - progress: The text of a running request.
    ///   - actions: The buttons, the main one first.
    public init(step: Step, title: String, message: String, field: Field? = nil, error: String? = nil,
                progress: String? = nil, actions: [SignInAction]) {
        self.step = step
        self.title = title
        self.message = message
        self.field = field
        self.error = error
        self.progress = progress
        self.actions = actions
    }

    /// The main button.
    public var primaryAction: SignInAction? { actions.first }
}
