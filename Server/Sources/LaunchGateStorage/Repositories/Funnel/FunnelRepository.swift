import LaunchGate

/// Where the prompt funnel is kept: daily counts per app, platform, channel, revision and day, and the
/// prompted installs (by the install ID's HMAC) behind the conversion figures.
/// ``MemoryFunnelRepository`` and ``SQLFunnelRepository`` (SQLite and PostgreSQL) implement it,
/// and one contract suite runs against all of them.
public protocol FunnelRepository: Sendable {
    /// Folds pings into storage in one transaction (``FunnelFold``): counts only from an
    /// install's first ping of a day, new prompted installs only under `limits`.
    func record(_ pings: [FunnelPing], limits: FunnelLimits) async throws -> FunnelRecordResult

    /// The daily counts from `fromDay` on, ordered by platform, channel, revision and day.
    /// - Parameters:
    ///   - appID: The app.
    ///   - platform: One platform, or `nil` for all.
    ///   - channel: One channel, or `nil` for all.
    ///   - revision: One revision, or `nil` for all.
    ///   - fromDay: The first UTC day (days since 1970) to include.
    func days(appID: String, platform: Platform?, channel: ReleaseChannel?, revision: Int?, fromDay: Int) async throws -> [FunnelDayCount]

    /// The conversion per platform, channel and revision of the installs prompted from `fromDay` on,
    /// ordered by platform, channel and revision.
    /// - Parameters:
    ///   - appID: The app.
    ///   - platform: One platform, or `nil` for all.
    ///   - channel: One channel, or `nil` for all.
    ///   - revision: One revision, or `nil` for all.
    ///   - fromDay: The first prompt day included.
    ///   - today: The server's day, which decides which installs are old enough for each window.
    func conversions(appID: String, platform: Platform?, channel: ReleaseChannel?, revision: Int?, fromDay: Int, today: Int) async throws -> [FunnelConversion]

    /// Deletes daily counts before `day` and prompted installs whose last ping was before it.
    func prune(before day: Int) async throws
}

extension FunnelConversion {
    /// The conversion of some rows, the one definition both repositories use.
    package static func of(_ rows: [FunnelInstallRow], platform: Platform, channel: ReleaseChannel, revision: Int, today: Int) -> FunnelConversion {
        FunnelConversion(platform: platform, channel: channel, revision: revision, prompted: rows.count, windows: windows.map { days in
            let old = rows.filter { $0.promptedDay <= today - days }
            return Window(days: days, prompted: old.count, updated: old.filter { ($0.upgradedDay ?? .max) - $0.promptedDay <= days }.count)
        })
    }
}
