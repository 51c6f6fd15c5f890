import LaunchGate

/// ``FunnelRepository`` in memory, for tests and `--memory` runs.
public actor MemoryFunnelRepository: FunnelRepository {
    private var installs: [FunnelInstallKey: FunnelInstallRow] = [:]
    private var counts: [FunnelDayKey: [PromptFunnel.Event: Int]] = [:]

    /// Creates an empty repository.
    public init() {}

    @discardableResult
    public func record(_ pings: [FunnelPing], limits: FunnelLimits) -> FunnelRecordResult {
        let scopes = Set(pings.map { FunnelScope(appID: $0.appID, platform: $0.platform) })
        var stored: [FunnelScope: Int] = [:]
        for key in installs.keys where scopes.contains(FunnelScope(appID: key.appID, platform: key.platform)) {
            stored[FunnelScope(appID: key.appID, platform: key.platform), default: 0] += 1
        }
        var fold = FunnelFold(stored: stored, limits: limits)
        for ping in pings {
            fold.apply(ping, stored: installs[FunnelInstallKey(appID: ping.appID, platform: ping.platform, installHash: ping.installHash)])
        }
        installs.merge(fold.rows) { _, new in new }
        for (key, change) in fold.days { counts[key, default: [:]].merge(change, uniquingKeysWith: +) }
        return fold.result
    }

    public func days(appID: String, platform: Platform?, channel: ReleaseChannel?, revision: Int?, fromDay: Int) -> [FunnelDayCount] {
        counts.filter { key, _ in
            key.appID == appID && key.day >= fromDay && (platform.map { $0 == key.platform } ?? true) && (channel.map { $0 == key.channel } ?? true)
                && (revision.map { $0 == key.revision } ?? true)
        }
        .map { key, counts in
            FunnelDayCount(platform: key.platform, channel: key.channel, revision: key.revision, day: key.day,
                           counts: FunnelCounts(revision: key.revision, channel: key.channel, counts: counts))
        }
        .sorted { ($0.platform.rawValue, $0.channel.rawValue, $0.revision, $0.day) < ($1.platform.rawValue, $1.channel.rawValue, $1.revision, $1.day) }
    }

    public func conversions(appID: String, platform: Platform?, channel: ReleaseChannel?, revision: Int?, fromDay: Int, today: Int) -> [FunnelConversion] {
        let rows = installs.filter { key, row in
            key.appID == appID && row.promptedDay >= fromDay && (platform.map { $0 == key.platform } ?? true)
                && (channel.map { $0 == row.channel } ?? true) && (revision.map { $0 == row.revision } ?? true)
        }
        let groups = Dictionary(grouping: rows) { FunnelGroup(platform: $0.key.platform, channel: $0.value.channel, revision: $0.value.revision) }
        return groups.sorted { $0.key < $1.key }
            .map { FunnelConversion.of($0.value.map(\.value), platform: $0.key.platform, channel: $0.key.channel, revision: $0.key.revision, today: today) }
    }

    public func prune(before day: Int) {
        counts = counts.filter { $0.key.day >= day }
        installs = installs.filter { $0.value.lastPingDay >= day }
    }
}

/// A platform and a channel's revision, what conversions are grouped by.
package struct FunnelGroup: Hashable, Comparable {
    package var platform: Platform
    package var channel: ReleaseChannel
    package var revision: Int

    package init(platform: Platform, channel: ReleaseChannel, revision: Int) {
        self.platform = platform
        self.channel = channel
        self.revision = revision
    }

    /// By platform, channel and revision, the order storage answers in.
    package static func < (lhs: FunnelGroup, rhs: FunnelGroup) -> Bool {
        (lhs.platform.rawValue, lhs.channel.rawValue, lhs.revision) < (rhs.platform.rawValue, rhs.channel.rawValue, rhs.revision)
    }
}
