/// The kinds of screen LaunchGate can show; also the keys of per-locale texts in a policy.
public enum ScreenKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// The dismissable banner and its details dialog.
    case updateAvailable
    /// The skippable full screen.
    case updateRecommended
    /// The blocking screen.
    case updateRequired
    /// The blocking end-of-life screen.
    case endOfLife
    /// The blocking screen for a device whose OS is too old for any allowed version.
    case deviceUnsupported
    /// The blocking screen during a maintenance window.
    case maintenance
    /// The dismissable banner, and its dialog, telling a device its OS loses support on a date.
    case osSupportEnding
}
