import Foundation
import LaunchGate

extension InstallRepository {
    /// Pages computed from ``totals(appID:platform:fromDay:)``: what ``MemoryInstallRepository``
    /// uses, and the reference the SQL aggregation is tested against.
    public func shares(appID: String, platform: Platform?, fromDay: Int, by dimension: InstallShareDimension, limit: Int, offset: Int) async throws
        -> InstallSharePage {
        var sums: [InstallShareCount: Int] = [:]
        for total in try await totals(appID: appID, platform: platform, fromDay: fromDay) where total.installs > 0 {
            sums[InstallShareCount(total, by: dimension, installs: 0), default: 0] += total.installs
        }
        let ranked = sums.map { key, installs in
            var count = key
            count.installs = installs
            return count
        }.sorted(by: InstallShareCount.ranked)
        let start = min(max(offset, 0), ranked.count)
        return InstallSharePage(entries: Array(ranked[start..<min(start + max(limit, 1), ranked.count)]), totalEntries: ranked.count,
                                totalInstalls: ranked.reduce(0) { $0 + $1.installs })
    }

    /// The capped rollup computed from ``dailyVersions(appID:platform:fromDay:)``.
    public func dailyVersions(appID: String, platform: Platform?, fromDay: Int, limit: Int) async throws -> DailyVersionPage {
        let counts = try await dailyVersions(appID: appID, platform: platform, fromDay: fromDay).filter { $0.installs > 0 }
        var sums: [InstallShareCount: Int] = [:]
        for count in counts { sums[InstallShareCount(platform: count.platform, version: count.version, installs: 0), default: 0] += count.installs }
        let ranked = sums.map { key, installs in
            var count = key
            count.installs = installs
            return count
        }.sorted(by: InstallShareCount.ranked)
        let listed = Set(ranked.prefix(max(limit, 1)).map { InstallShareCount(platform: $0.platform, version: $0.version, installs: 0) })
        var page = DailyVersionPage(counts: [], otherInstalls: [:], otherVersions: ranked.count - listed.count)
        for count in counts {
            if listed.contains(InstallShareCount(platform: count.platform, version: count.version, installs: 0)) {
                page.counts.append(count)
            } else {
                page.otherInstalls[count.day, default: 0] += count.installs
            }
        }
        return page
    }
}
