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
    /// Of ``activeInstalls``, the established ones: seen on two sightings at least a day apart,
    /// which made-up installs need a day of traffic to become. The guard also measures by them.
    public var establishedInstalls: Int
    /// Of ``establishedInstalls``, those the proposed policy blocks.
    public var establishedBlocked: Int
    /// Of ``establishedInstalls``, those the proposed policy blocks that the current one lets in.
    public var establishedNewlyBlocked: Int

    /// Creates a platform's counts.
    public init(activeInstalls: Int = 0, blocked: Int = 0, newlyBlocked: Int = 0, establishedInstalls: Int = 0, establishedBlocked: Int = 0,
                establishedNewlyBlocked: Int = 0) {
        self.activeInstalls = activeInstalls
        self.blocked = blocked
        self.newlyBlocked = newlyBlocked
        self.establishedInstalls = establishedInstalls
        self.establishedBlocked = establishedBlocked
        self.establishedNewlyBlocked = establishedNewlyBlocked
    }

    /// ``establishedNewlyBlocked`` as a share of ``establishedInstalls`` (0 without any).
    public var establishedNewlyBlockedShare: Double {
        establishedInstalls == 0 ? 0 : Double(establishedNewlyBlocked) / Double(establishedInstalls)
    }
    /// ``establishedBlocked`` as a share of ``establishedInstalls`` (0 without any).
    public var establishedBlockedShare: Double { establishedInstalls == 0 ? 0 : Double(establishedBlocked) / Double(establishedInstalls) }

    /// ``newlyBlocked`` as a share of ``activeInstalls`` (0 without active installs).
    public var newlyBlockedShare: Double { activeInstalls == 0 ? 0 : Double(newlyBlocked) / Double(activeInstalls) }
    /// ``blocked`` as a share of ``activeInstalls`` (0 without active installs).
    public var blockedShare: Double { activeInstalls == 0 ? 0 : Double(blocked) / Double(activeInstalls) }

    private enum CodingKeys: String, CodingKey {
        case activeInstalls, blocked, newlyBlocked, blockedShare, newlyBlockedShare
        case establishedInstalls, establishedBlocked, establishedNewlyBlocked, establishedBlockedShare, establishedNewlyBlockedShare
    }

    /// Encodes the counts and their shares.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(activeInstalls, forKey: .activeInstalls)
        try container.encode(blocked, forKey: .blocked)
        try container.encode(newlyBlocked, forKey: .newlyBlocked)
        try container.encode(blockedShare, forKey: .blockedShare)
        try container.encode(newlyBlockedShare, forKey: .newlyBlockedShare)
        try container.encode(establishedInstalls, forKey: .establishedInstalls)
        try container.encode(establishedBlocked, forKey: .establishedBlocked)
        try container.encode(establishedNewlyBlocked, forKey: .establishedNewlyBlocked)
        try container.encode(establishedBlockedShare, forKey: .establishedBlockedShare)
        try container.encode(establishedNewlyBlockedShare, forKey: .establishedNewlyBlockedShare)
    }
}
