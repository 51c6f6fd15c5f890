extension LaunchFlow {
    /// What the app shows now, in launch order; ``LaunchFlow/state`` holds it and a view renders it.
    ///
    /// A required update, end of life, unsupported device or maintenance outranks everything after it, sign-in
    /// included; sign-in keeps its own step underneath and resumes there when the block lifts.
    public enum State: Sendable, Hashable {
        /// The launch check is running (a blocking launch, or a refresh that shows loading).
        case checking
        /// A required update: a screen the user can't leave.
        case updateRequired(GateScreen)
        /// The app has reached its end of life: a screen the user can't leave.
        case endOfLife(GateScreen)
        /// This device's OS is too old for any supported version: a screen the user can't leave.
        case deviceUnsupported(GateScreen)
        /// A maintenance window is running: a screen the user can't leave, until the window ends.
        case maintenance(GateScreen)
        /// A recommended update: a full screen the user may skip.
        case updateRecommended(GateScreen)
        /// Signing in, at the given step; ``LaunchFlow/signInScreen`` has its words.
        case signingIn(SignInFlow.State)
        /// A new user's welcome, once; ``LaunchFlow/signInScreen`` has its words.
        case welcome(SignInUser)
        /// Deleting the signed-in account: its confirmation, progress, or the done screen after
        /// (``LaunchFlow/requestAccountDeletion()``). Only the blocking and recommended screens outrank it.
        case deletingAccount(AccountDeletionScreen)
        /// The app, with the update banner over it or its details dialog open (never both).
        case app(banner: GateScreen?, details: GateScreen?)

        /// The app with nothing over it.
        public static let plainApp = State.app(banner: nil, details: nil)

        /// Whether the state is a screen the user can't leave.
        public var isBlocking: Bool {
            switch self {
            case .updateRequired, .endOfLife, .deviceUnsupported, .maintenance: true
            default: false
            }
        }

        /// Whether this state's screen must be above everything the app shows, not just its root
        /// view: above its sheets, full-screen covers and alerts. That is every update screen
        /// (loading, the blocking ones and a recommended update) and account deletion, which the app
        /// usually starts from its own settings sheet: drawn under that sheet, the confirmation
        /// would be hidden by it. (On iOS the adapters put them in a window above the app's.)
        /// Sign-in and the welcome stay in the app's window: nobody's content is mounted under
        /// them (``LaunchFlow/contentIdentity``), and the banner and its dialog are part of the app by design.
        public var isAboveApp: Bool {
            switch self {
            case .checking, .updateRequired, .endOfLife, .deviceUnsupported, .maintenance, .updateRecommended,
                 .deletingAccount: true
            case .signingIn, .welcome, .app: false
            }
        }

        /// Whether the screen above the app takes key from the app's window, so the keyboard and
        /// key commands leave the app's fields: the screens the user can't leave, and account
        /// deletion, whose buttons must not share the keyboard with a text field under it.
        /// A loading or recommended-update screen leaves key to what the app or an SDK presents.
        public var takesKey: Bool {
            if case .deletingAccount = self { return true }
            return isBlocking
        }

        /// Whether the app's own content is on screen (possibly under a banner or dialog).
        public var showsApp: Bool {
            if case .app = self { true } else { false }
        }

        /// The update screen shown, if any: a blocking or recommended screen, the banner or its dialog.
        public var gateScreen: GateScreen? {
            switch self {
            case .updateRequired(let screen), .endOfLife(let screen), .deviceUnsupported(let screen),
                 .maintenance(let screen), .updateRecommended(let screen):
                screen
            case .app(let banner, let details): details ?? banner
            case .checking, .signingIn, .welcome, .deletingAccount: nil
            }
        }
    }
}
