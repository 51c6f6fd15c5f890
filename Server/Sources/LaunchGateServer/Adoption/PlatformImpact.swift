/// One platform's part of a ``PolicyImpact``: the publish guard measures each platform against
/// its own active installs, so a change that blocks all of a small platform is not hidden by
/// the large ones.
public struct PlatformImpact: Sendable, Encodable, Equatable {
    /// Installs of this platform seen within the window.
    public var activeInstalls: Int
    /// Of them, installs the proposed policy blocks.
    public var blocked: Int
    /// Of them, installs the proposed policy blocks that the current one lets in.
    public var newlyBlocked: Int

    /// Creates a platform's counts.
    public init(activeInstalls: Int = 0, blocked: Int = 0, newlyBlocked: Int = 0) {
        self.activeInstalls = activeInstalls
        self.blocked = blocked
        self.newlyBlocked = newlyBlocked
    }

    /// ``newlyBlocked`` as a share of ``activeInstalls`` (0 without active installs).
    public var newlyBlockedShare: Double { activeInstalls == 0 ? 0 : Double(newlyBlocked) / Double(activeInstalls) }
    /// ``blocked`` as a share of ``activeInstalls`` (0 without active installs).
    public var blockedShare: Double { activeInstalls == 0 ? 0 : Double(blocked) / Double(activeInstalls) }

    private enum CodingKeys: String, CodingKey { case activeInstalls, blocked, newlyBlocked, blockedShare, newlyBlockedShare }

    /// Encodes the counts and their shares.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(activeInstalls, forKey: .activeInstalls)
        try container.encode(blocked, forKey: .blocked)
        try container.encode(newlyBlocked, forKey: .newlyBlocked)
        try container.encode(blockedShare, forKey: .blockedShare)
        try container.encode(newlyBlockedShare, forKey: .newlyBlockedShare)
    }
}
