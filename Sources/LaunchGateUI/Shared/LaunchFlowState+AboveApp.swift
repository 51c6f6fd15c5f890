#if canImport(SwiftUI)
import LaunchGate

extension LaunchFlow.State {
    /// Whether this state's screen must be above everything the app shows, not just its root view:
    /// above its sheets, full-screen covers and alerts, with the keyboard taken from it. That is every
    /// update screen: loading, the blocking ones and a recommended update. On iOS they go in a window
    /// above the app's (``LaunchGateView``, ``LaunchGateViewController``).
    ///
    /// Sign-in and the welcome stay in the app's window: nobody's content is mounted under sign-in
    /// (``LaunchFlow/contentIdentity``), and a new user's isn't made until after the welcome. The
    /// banner and its dialog are part of the app by design.
    var isAboveApp: Bool {
        switch self {
        case .checking, .updateRequired, .endOfLife, .deviceUnsupported, .updateRecommended: true
        case .signingIn, .welcome, .app: false
        }
    }
}
#endif
