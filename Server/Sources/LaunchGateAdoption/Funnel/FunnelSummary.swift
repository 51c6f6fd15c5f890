import LaunchGate
import LaunchGateStorage

/// One channel's revision's funnel on one platform over a window: the counts summed, the days behind
/// them, and how many prompted installs then updated. The API, the CLI and the console all show it.
public struct FunnelSummary: Sendable, Hashable, Codable {
    /// The platform.
    public var platform: Platform
    /// The release channel the revision was published on; revisions are numbered per channel.
    public var channel: ReleaseChannel
    /// The policy revision.
    public var revision: Int
    /// The window's counts, summed.
    public var totals: FunnelCounts
    /// The counts per day, oldest first.
    public var daily: [FunnelDayCount]
    /// The prompted installs and how many updated; `nil` when none is kept for this revision.
    public var conversion: FunnelConversion?

    /// Creates a summary.
    public init(platform: Platform, channel: ReleaseChannel = .production, revision: Int, totals: FunnelCounts, daily: [FunnelDayCount],
                conversion: FunnelConversion?) {
        self.platform = platform
        self.channel = channel
        self.revision = revision
        self.totals = totals
        self.daily = daily
        self.conversion = conversion
    }

    /// The share of prompted installs that updated within a window, from 0 to 1, or `nil` when
    /// no install is old enough for it. One value, so a chart and a sentence never disagree.
    public func updatedShare(withinDays days: Int) -> Double? {
        guard let window = conversion?.windows.first(where: { $0.days == days }), window.prompted > 0 else { return nil }
        return Double(window.updated) / Double(window.prompted)
    }
}
