import LaunchGate

/// What an install would see first under a policy: ``ScreenKind`` plus "up to date".
public enum InstallOutcome: String, Sendable, Hashable, CaseIterable, Codable, CodingKeyRepresentable {
    /// The app itself.
    case upToDate
    /// The dismissable banner.
    case updateAvailable
    /// The skippable full screen.
    case updateRecommended
    /// Blocked until the app is updated.
    case updateRequired
    /// Blocked for good.
    case endOfLife
    /// Blocked, and the device's OS is too old for any allowed version.
    case deviceUnsupported

    /// The outcome of a decision.
    init(_ decision: UpdateDecision) {
        self = decision.kind.flatMap { InstallOutcome(rawValue: $0.rawValue) } ?? .upToDate
    }

    /// Whether the app can't be used past this screen.
    var isBlocking: Bool { self == .updateRequired || self == .endOfLife || self == .deviceUnsupported }
}
