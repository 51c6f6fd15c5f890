import LaunchGate

/// Applies pings to the stored prompted installs, the one rule the memory and SQL repositories
/// share: a ping's counts are added only on its install's first ping of a day, a ping from an
/// install not yet kept adds it only under the cap, and an install seen on a version newer than
/// the one it was prompted on is marked upgraded on that day.
package struct FunnelFold {
    package typealias Scope = FunnelScope

    /// Installs kept per scope before this fold, read from storage's counts.
    package var stored: [Scope: Int]
    package let limits: FunnelLimits
    /// Rows this fold changed, to write back whole.
    package private(set) var rows: [FunnelInstallKey: FunnelInstallRow] = [:]
    /// Installs this fold added per scope.
    package private(set) var added: [Scope: Int] = [:]
    /// Count changes per day key.
    package private(set) var days: [FunnelDayKey: [PromptFunnel.Event: Int]] = [:]
    package private(set) var result = FunnelRecordResult()

    package init(stored: [Scope: Int], limits: FunnelLimits) {
        self.stored = stored
        self.limits = limits
    }

    /// Applies one ping.
    /// - Parameters:
    ///   - ping: The ping.
    ///   - stored: The install's stored row, if any; a row this fold already changed wins.
    package mutating func apply(_ ping: FunnelPing, stored row: FunnelInstallRow?) {
        let key = FunnelInstallKey(appID: ping.appID, platform: ping.platform, installHash: ping.installHash)
        guard var row = rows[key] ?? row else {
            guard ping.hasCounts else { return }
            let scope = Scope(appID: ping.appID, platform: ping.platform)
            guard (self.stored[scope] ?? 0) + (added[scope] ?? 0) < limits.installsPerAppPlatform else {
                result.overInstallCap += 1
                return
            }
            added[scope, default: 0] += 1
            // The revision it was prompted for: the newest one it showed a prompt of, on the channel
            // it showed one last (the SDK lists revisions in the order it counted them). Numbers are
            // compared only within that channel: beta's 40 is not newer than production's 3.
            let shown = ping.counts.filter { counts in [.banner, .details, .recommended, .required].contains { counts[$0] > 0 } }
            let candidates = shown.isEmpty ? ping.counts : shown
            let channel = candidates.last?.channel
            let newest = candidates.filter { $0.channel == channel }.max { $0.revision < $1.revision }
            rows[key] = FunnelInstallRow(channel: newest?.channel ?? .production, revision: newest?.revision ?? 0, promptedVersion: ping.version,
                                         promptedDay: ping.day, lastPingDay: ping.day)
            add(ping)
            return
        }
        let before = row
        if row.upgradedDay == nil, ping.day >= row.promptedDay, Self.isNewer(ping.version, than: row.promptedVersion) {
            row.upgradedDay = ping.day
        }
        if ping.day > row.lastPingDay {
            row.lastPingDay = ping.day
            if ping.hasCounts { add(ping) }
        } else if ping.hasCounts {
            // A second ping the same day (or a late one): the SDK sends one a day, so it adds nothing.
            result.repeated += 1
        }
        if row != before { rows[key] = row }
    }

    private mutating func add(_ ping: FunnelPing) {
        result.counted += 1
        for counts in ping.counts where !counts.isEmpty {
            let key = FunnelDayKey(appID: ping.appID, platform: ping.platform, channel: counts.channel, revision: counts.revision, day: ping.day)
            for (event, count) in counts.counts where count > 0 { days[key, default: [:]][event, default: 0] += count }
        }
    }

    /// Whether `version` is above `prompted`; versions that don't parse are never newer.
    package static func isNewer(_ version: String, than prompted: String) -> Bool {
        guard let version = try? AppVersion(parsing: version), let prompted = try? AppVersion(parsing: prompted) else { return false }
        return version > prompted
    }
}

/// An app and platform, the scope of the cap.
package struct FunnelScope: Sendable, Hashable {
    package var appID: String
    package var platform: Platform
}
