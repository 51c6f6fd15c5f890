import LaunchGate

/// One day's prompt counts of one channel's revision on one platform, as storage aggregates them.
public struct FunnelDayCount: Sendable, Hashable, Codable {
    /// The platform.
    public var platform: Platform
    /// The release channel the revision was published on.
    public var channel: ReleaseChannel
    /// The policy revision.
    public var revision: Int
    /// The server's UTC day (days since 1970).
    public var day: Int
    /// The counts that day.
    public var counts: FunnelCounts

    /// Creates a count.
    public init(platform: Platform, channel: ReleaseChannel = .production, revision: Int, day: Int, counts: FunnelCounts) {
        self.platform = platform
        self.channel = channel
        self.revision = revision
        self.day = day
        self.counts = counts
    }
}
