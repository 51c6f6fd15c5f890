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
    package init(_ decision: UpdateDecision) {
        // Exhaustive, so a new screen kind can't silently count as up to date.
        switch decision.kind {
        case nil: self = .upToDate
        case .updateAvailable: self = .updateAvailable
        case .updateRecommended: self = .updateRecommended
        case .updateRequired: self = .updateRequired
        case .endOfLife: self = .endOfLife
        case .deviceUnsupported: self = .deviceUnsupported
        // A maintenance window blocks nothing by version, and ImpactCalculator evaluates without it:
        // what an install sees by its version is what the window leaves behind.
        case .maintenance: self = .upToDate
        // A notice about the device's OS, not about the app's version: the app itself is shown.
        case .osSupportEnding: self = .upToDate
        }
    }

    /// Whether the app can't be used past this screen.
    package var isBlocking: Bool { self == .updateRequired || self == .endOfLife || self == .deviceUnsupported }
}
