/// Some installs, and what a proposed policy does to them: how many it blocks, and how many of
/// those the current policy lets in.
public struct ImpactCounts: Sendable, Equatable {
    /// The installs counted.
    public var installs = 0
    /// Of them, those the proposed policy blocks (update required, end of life, device unsupported).
    public var blocked = 0
    /// Of ``blocked``, those the current policy lets in.
    public var newlyBlocked = 0

    /// ``blocked`` as a share (0…1) of ``installs``; 0 without installs.
    public var blockedShare: Double { installs == 0 ? 0 : Double(blocked) / Double(installs) }
    /// ``newlyBlocked`` as a share (0…1) of ``installs``; 0 without installs.
    public var newlyBlockedShare: Double { installs == 0 ? 0 : Double(newlyBlocked) / Double(installs) }

    /// Both counts summed.
    package static func + (left: ImpactCounts, right: ImpactCounts) -> ImpactCounts {
        ImpactCounts(installs: left.installs + right.installs, blocked: left.blocked + right.blocked, newlyBlocked: left.newlyBlocked + right.newlyBlocked)
    }
}
