import LaunchGate

/// Why the ``PublishGuard`` wants a change confirmed: the platform and the share it checked.
public struct GuardBreach: Sendable, Equatable {
    /// Which rule the change broke.
    public enum Measure: String, Sendable, Equatable {
        /// The active installs the change newly blocks are over the limit.
        case newlyBlocked
        /// All active installs blocked after the change are over the limit, which repeated small
        /// raises add up to.
        case blockedAfter
        /// The established installs the change newly blocks are over the limit.
        case establishedNewlyBlocked
        /// The established installs blocked after the change are over the limit.
        case establishedBlockedAfter
        /// The platform has no established installs yet (its first day, say), so no share can be
        /// trusted and any change that newly blocks installs there is confirmed once.
        case noEstablishedInstalls
        /// Groups past the impact's limit were not evaluated: if all of their installs were
        /// newly blocked, the change would be over the limit.
        case unevaluatedWorstCase
        /// The cap refused sightings on the platform within the window, so its counts may be
        /// missing real installs.
        case refusedSightings
    }

    /// The platform.
    public var platform: Platform
    /// Which rule.
    public var measure: Measure
    /// The share, 0…1, of the platform's active installs (of its established ones for the
    /// established measures); 1 for the measures without a share.
    public var share: Double
}
