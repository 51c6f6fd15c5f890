import Foundation

/// What App Store Connect says of the phased release of the version on sale (its
/// `appStoreVersionPhasedRelease`).
public struct ApplePhasedRelease: Sendable, Hashable, Codable {
    /// Apple's `phasedReleaseState`.
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        /// Set up, not started: the version is not released yet.
        case inactive = "INACTIVE"
        /// Rolling out; ``ApplePhasedRelease/currentDayNumber`` says which day.
        case active = "ACTIVE"
        /// Paused by the team: automatic updates stop, manual ones still work.
        case paused = "PAUSED"
        /// Released to everyone.
        case complete = "COMPLETE"
    }

    /// The state.
    public let state: State
    /// The day of the seven, from 1, while active or paused.
    public let currentDayNumber: Int?

    /// Creates a phased release.
    public init(state: State, currentDayNumber: Int?) {
        self.state = state
        self.currentDayNumber = currentDayNumber
    }
}
