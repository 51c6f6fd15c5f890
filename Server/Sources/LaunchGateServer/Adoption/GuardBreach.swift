/// Why the publish guard wants a change confirmed: the platform and the share it checked.
public struct GuardBreach: Sendable, Equatable {
    /// Which share went over the limit.
    public enum Measure: String, Sendable, Equatable {
        /// The installs the change newly blocks.
        case newlyBlocked
        /// All installs blocked after the change, which repeated small raises add up to.
        case blockedAfter
    }

    /// The platform, such as `ios`.
    public var platform: String
    /// Which share was checked.
    public var measure: Measure
    /// The share, 0…1, of the platform's active installs.
    public var share: Double

    /// "newly blocks 100 % of active ios installs".
    public var description: String {
        switch measure {
        case .newlyBlocked: "newly blocks \(PolicyImpact.percent(share)) of active \(platform) installs"
        case .blockedAfter: "leaves \(PolicyImpact.percent(share)) of active \(platform) installs blocked"
        }
    }
}
