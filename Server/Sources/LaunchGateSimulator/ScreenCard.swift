import LaunchGate

/// What the simulated device shows, as a card of text: a label, paragraphs, a text field, and the
/// buttons `tap` can press. Every word comes from the SDK (``GateScreen``, ``SignInScreen``,
/// ``LaunchGateStrings``); the simulator adds only labels for what has no title, such as "App".
public struct ScreenCard: Sendable, Hashable {
    /// A text field and what is typed in it.
    public struct Field: Sendable, Hashable {
        /// Its label, such as "Email address".
        public var label: String
        /// What is typed so far.
        public var value: String
        /// Shown while nothing is typed.
        public var placeholder: String
        /// What it takes: an address or a code of some length.
        public var kind: SignInScreen.Field.Kind
    }

    /// A banner over the app (seed 004), with its own buttons.
    public struct Banner: Sendable, Hashable {
        /// Its heading.
        public var title: String
        /// Its one line.
        public var message: String
        /// Its buttons, such as Details and Not Now.
        public var buttons: [Button]
    }

    /// A button `tap` can press.
    public struct Button: Sendable, Hashable {
        /// What the button does in the flow.
        public enum Target: Sendable, Hashable {
            /// A gate screen's or banner's button.
            case gate(GateAction)
            /// A sign-in or welcome button.
            case signIn(SignInAction.Role)
            /// The app's sign-out button.
            case signOut
            /// A button of the account-deletion screens (``SimulatorCommand/deleteAccount``).
            case accountDeletion(AccountDeletionAction.Role)
        }

        /// The label.
        public var title: String
        /// Whether it can be pressed now (a complete code, a countdown that is over).
        public var isEnabled: Bool
        /// What it does.
        public var target: Target
    }

    /// The card's heading: the screen's title, or a label such as "App".
    public var label: String
    /// The banner over the app, when one is shown.
    public var banner: Banner?
    /// The body: a message, then release notes.
    public var paragraphs: [String]
    /// The text field, on the sign-in steps.
    public var field: Field?
    /// A failure to show, with a button that is its way out.
    public var error: String?
    /// A request in progress, such as "Sending your code…".
    public var progress: String?
    /// The buttons, the main one first.
    public var buttons: [Button]

    /// Creates a card.
    /// - Parameters:
    ///   - label: The heading.
    ///   - banner: The banner over the app, if any.
    ///   - paragraphs: The body.
    ///   - field: The text field, if any.
    ///   - error: A failure to show.
    ///   - progress: A request in progress.
    ///   - buttons: The buttons, the main one first.
    public init(label: String, banner: Banner? = nil, paragraphs: [String] = [], field: Field? = nil,
                error: String? = nil, progress: String? = nil, buttons: [Button] = []) {
        self.label = label
        self.banner = banner
        self.paragraphs = paragraphs
        self.field = field
        self.error = error
        self.progress = progress
        self.buttons = buttons
    }

    /// Every button on the card, the banner's first, as `tap` looks for them.
    public var allButtons: [Button] { (banner?.buttons ?? []) + buttons }
}
