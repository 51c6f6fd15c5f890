/// What the UI shows now; ``UpdateMonitor/state`` holds it.
public enum GateState: Sendable, Hashable {
    /// A loading state, before the first answer in ``LaunchMode/blocking(timeout:)``.
    case checking
    /// The app, with nothing over it.
    case app
    /// The app with a dismissable update banner at the top.
    case banner(GateScreen)
    /// The app with the banner's details dialog open.
    case details(GateScreen)
    /// A full screen the user may skip (recommended update).
    case prompt(GateScreen)
    /// A full screen the user can't leave (required update, end of life, unsupported device).
    case blocked(GateScreen)

    /// The screen shown, if any.
    public var screen: GateScreen? {
        switch self {
        case .checking, .app: nil
        case .banner(let screen), .details(let screen), .prompt(let screen), .blocked(let screen): screen
        }
    }

    /// Whether the app's own content may be used.
    public var showsApp: Bool {
        switch self {
        case .app, .banner, .details: true
        case .checking, .prompt, .blocked: false
        }
    }
}
