/// Why the publish guard wants a change confirmed: the platform and the share it checked.
public struct GuardBreach: Sendable, Equatable {
    /// Which share went over the limit.
    public enum Measure: String, Sendable, Equatable {
        /// The installs the change newly blocks.
        case newlyBlocked
        /// All installs blocked after the change, which repeated small raises add up to.
        case blockedAfter
        /// The established installs the change newly blocks.
        case establishedNewlyBlocked
        /// The established installs blocked after the change.
        case establishedBlockedAfter
        /// The platform has no established installs yet (its first day of installs), so no share
        /// can be trusted and any change that newly blocks installs there is confirmed once.
        case noEstablishedInstalls
        /// Groups past the impact's limit were not evaluated: if all of their installs were
        /// newly blocked, the change would newly block this share of all active installs.
        case unevaluatedWorstCase
        /// Caps refused sightings on the platform within the window, so its counts may be missing
        /// real installs.
        case refusedSightings
    }

    /// The platform, such as `ios`.
    public var platform: String
    /// Which share was checked.
    public var measure: Measure
    /// The share, 0…1, of the platform's active installs (of its established ones for the
    /// established measures; of every platform's for ``Measure/unevaluatedWorstCase``).
    public var share: Double

    /// "newly blocks 100 % of active ios installs".
    public var description: String {
        switch measure {
        case .newlyBlocked: "newly blocks \(PolicyImpact.percent(share)) of active \(platform) installs"
        case .blockedAfter: "leaves \(PolicyImpact.percent(share)) of active \(platform) installs blocked"
        case .establishedNewlyBlocked: "newly blocks \(PolicyImpact.percent(share)) of established \(platform) installs"
        case .establishedBlockedAfter: "leaves \(PolicyImpact.percent(share)) of established \(platform) installs blocked"
        case .noEstablishedInstalls: "newly blocks installs while no \(platform) install is established yet (seen a day apart), so the share can't be trusted"
        case .refusedSightings: "changes what blocks \(platform) installs while sightings of \(platform) installs were refused by the group or install caps, so real installs may be missing from the counts"
        case .unevaluatedWorstCase: "could newly block up to \(PolicyImpact.percent(share)) of active \(platform) installs, counting the groups not evaluated as blocked and as \(platform) installs"
        }
    }
}
