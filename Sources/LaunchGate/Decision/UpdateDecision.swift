/// What the app should show first.
///
/// Precedence, highest first: end of life; device unsupported (a required update no allowed version
/// of which runs on the device's OS); maintenance; blocked or below the minimum; recommended;
/// available; up to date. What no waiting fixes comes before maintenance, so nobody is told to come
/// back to an app that will still refuse them; maintenance comes before every update, since the
/// service is down for every version. Only an install that would otherwise be up to date gets the
/// notice that its OS loses support, so one banner shows at a time.
public enum UpdateDecision: Sendable, Hashable {
    /// Nothing to show.
    case upToDate
    /// A newer version exists: a dismissable banner that opens a details dialog (the version.json banner).
    case updateAvailable(UpdatePrompt)
    /// A skippable full screen (VersionLockout's recommended update).
    case updateRecommended(UpdatePrompt)
    /// A blocking screen; the app can't be used until it is updated.
    case updateRequired(UpdatePrompt)
    /// A blocking end-of-life screen.
    case endOfLife(UpdatePrompt)
    /// A required update exists, but it does not run on this device's OS.
    case deviceUnsupported(UpdatePrompt)
    /// A maintenance window is running: a blocking screen that lifts when the window ends.
    case maintenance(UpdatePrompt)
    /// The device's OS loses support on a date: a dismissable banner that opens a dialog.
    case osSupportEnding(UpdatePrompt)

    /// The prompt, or `nil` when up to date.
    public var prompt: UpdatePrompt? {
        switch self {
        case .upToDate: nil
        case .updateAvailable(let prompt), .updateRecommended(let prompt), .updateRequired(let prompt),
             .endOfLife(let prompt), .deviceUnsupported(let prompt), .maintenance(let prompt),
             .osSupportEnding(let prompt): prompt
        }
    }

    /// The screen to show, or `nil` when up to date.
    public var kind: ScreenKind? { prompt?.kind }

    /// Whether the app must stay behind the screen: required, end of life, unsupported, or maintenance.
    public var isBlocking: Bool {
        switch self {
        case .updateRequired, .endOfLife, .deviceUnsupported, .maintenance: true
        case .upToDate, .updateAvailable, .updateRecommended, .osSupportEnding: false
        }
    }
}
