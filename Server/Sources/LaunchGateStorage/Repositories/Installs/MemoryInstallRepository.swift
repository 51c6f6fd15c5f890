import Foundation
import LaunchGate

/// ``InstallRepository`` in memory, for tests and `--memory` runs; its ranking is the reference
/// the SQL aggregates are tested against.
public actor MemoryInstallRepository: InstallRepository {
    private typealias Scope = InstallBudget.Scope
    private var rows: [InstallKey: InstallRow] = [:]
    private var groupCounts: [Scope: [InstallGroupKey: InstallFold.GroupCounts]] = [:]
    private var dailyCounts: [Scope: [InstallFold.DailyKey: Int]] = [:]
    private var installCounts: [Scope: Int] = [:]
    /// Per scope, the groups kept and the last day each was seen.
    private var keptDays: [Scope: [InstallBudget.GroupID: Int]] = [:]
    /// Sightings refused by the cap, per app, platform and day.
    private var refusals: [InstallRefusalKey: RefusedSightings] = [:]

    /// The key of its filters of refused versions.
    private let filterKey: @Sendable () throws -> RefusedVersionFilter.Key

    /// Creates an empty repository.
    /// - Parameter filterKey: The key of its filters of refused versions, as the SQL one takes it
    ///   (the server's derives it from the master key); by default one random key, which nothing
    ///   outlives. Asked for at each recording; its error is the recording's.
    public init(filterKey: (@Sendable () throws -> RefusedVersionFilter.Key)? = nil) {
        let random = RefusedVersionFilter.Key.random()
        self.filterKey = filterKey ?? { random }
    }

    @discardableResult
    public func record(_ sightings: [InstallSighting], limits: InstallLimits, admission: InstallAdmission) throws -> InstallRecordResult {
        let key = try filterKey()
        var budget = InstallBudget(limits: limits, admission: admission)
        for scope in InstallBudget.candidates(sightings).keys {
            let kept = Set((keptDays[scope] ?? [:]).keys)
            budget.rooms[scope] = InstallBudget.Room(installs: installCounts[scope] ?? 0, groups: kept.count, kept: kept)
        }
        var fold = InstallFold(budget: budget, filterKey: key)
        for sighting in sightings {
            fold.apply(sighting, stored: rows[InstallKey(appID: sighting.appID, platform: sighting.platform, installHash: sighting.installHash)])
        }
        rows.merge(fold.rows) { _, new in new }
        installCounts.merge(fold.added, uniquingKeysWith: +)
        for (scope, days) in fold.keptDays {
            for (group, day) in days { keptDays[scope, default: [:]][group] = max(keptDays[scope]?[group] ?? day, day) }
        }
        for (scope, changes) in fold.groups {
            for (key, change) in changes { groupCounts[scope, default: [:]][key, default: InstallFold.GroupCounts()] += change }
            groupCounts[scope] = groupCounts[scope]?.filter { $0.value.installs > 0 }
        }
        for (scope, changes) in fold.daily {
            for (key, change) in changes { dailyCounts[scope, default: [:]][key, default: 0] += change }
            dailyCounts[scope] = dailyCounts[scope]?.filter { $0.value > 0 }
        }
        refusals.merge(fold.refused) { $0.adding($1) }
        return fold.result
    }

    public func refusedSightings(appID: String, fromDay: Int) -> [Platform: RefusedSightings] {
        var counts: [Platform: RefusedSightings] = [:]
        for (key, refused) in refusals where key.appID == appID && key.day >= fromDay {
            counts[key.platform] = counts[key.platform]?.adding(refused) ?? refused
        }
        return counts
    }

    public func groups(appID: String, platform: Platform?, fromDay: Int) -> [InstallGroup] {
        groupCounts.filter { $0.key.appID == appID && (platform == nil || $0.key.platform == platform) }.flatMap { scope, counts in
            counts.filter { $0.key.day >= fromDay }.map { key, count in
                InstallGroup(platform: scope.platform, version: key.version, build: key.build, os: key.os, day: key.day, installs: count.installs)
            }
        }
    }

    public func impactGroups(appID: String, fromDay: Int, today: Int, limit: Int) -> ImpactGroupPage {
        var sums: [InstallShareCount: ImpactGroupCount] = [:]
        for (scope, counts) in groupCounts where scope.appID == appID {
            for (key, count) in counts where key.day >= fromDay {
                let fresh = key.day == today ? count.fresh : 0
                let id = InstallShareCount(platform: scope.platform, version: key.version, build: key.build, os: key.os, installs: 0)
                var sum = sums[id] ?? ImpactGroupCount(platform: scope.platform, version: key.version, build: key.build, os: key.os,
                                                       installs: 0, established: 0)
                sum.installs += count.installs - fresh
                sum.established += count.established
                sum.fresh += fresh
                sums[id] = sum
            }
        }
        var page = ImpactGroupPage(entries: [], totals: [:])
        for (platform, counts) in Dictionary(grouping: sums.values, by: \.platform).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let older = counts.filter { $0.installs > 0 }
            page.totals[platform] = ImpactGroupPage.Totals(groups: older.count, installs: older.reduce(0) { $0 + $1.installs },
                                                           established: older.reduce(0) { $0 + $1.established })
            func ranked(_ first: KeyPath<ImpactGroupCount, Int>, _ second: KeyPath<ImpactGroupCount, Int>) -> [ImpactGroupCount] {
                counts.sorted { (left: ImpactGroupCount, right: ImpactGroupCount) -> Bool in
                    if left[keyPath: first] != right[keyPath: first] { return left[keyPath: first] > right[keyPath: first] }
                    if left[keyPath: second] != right[keyPath: second] { return left[keyPath: second] > right[keyPath: second] }
                    return InstallShareCount.ranked(InstallShareCount(platform: left.platform, version: left.version, build: left.build, os: left.os, installs: 0),
                                                    InstallShareCount(platform: right.platform, version: right.version, build: right.build, os: right.os, installs: 0))
                }
            }
            let newest = Set(ranked(\.fresh, \.installs).filter { $0.fresh > 0 }.prefix(max(limit, 1)))
            page.entries += ranked(\.installs, \.fresh).enumerated().filter { $0.offset < max(limit, 1) || newest.contains($0.element) }.map(\.element)
        }
        return page
    }

    public func shares(appID: String, platform: Platform?, fromDay: Int, by dimension: InstallShareDimension, limit: Int, offset: Int)
        -> InstallSharePage {
        var sums: [InstallShareCount: Int] = [:]
        for group in groups(appID: appID, platform: platform, fromDay: fromDay) {
            sums[InstallShareCount(group, by: dimension, installs: 0), default: 0] += group.installs
        }
        let ranked = Self.ranked(sums)
        let start = min(max(offset, 0), ranked.count)
        return InstallSharePage(entries: Array(ranked[start..<min(start + max(limit, 1), ranked.count)]), totalEntries: ranked.count,
                                totalInstalls: ranked.reduce(0) { $0 + $1.installs })
    }

    public func dailyVersions(appID: String, platform: Platform?, fromDay: Int, limit: Int) -> DailyVersionPage {
        let counts = dailyCounts.filter { $0.key.appID == appID && (platform == nil || $0.key.platform == platform) }.flatMap { scope, counts in
            counts.filter { $0.key.day >= fromDay }.map { DailyVersionCount(platform: scope.platform, version: $0.key.version, day: $0.key.day, installs: $0.value) }
        }
        var sums: [InstallShareCount: Int] = [:]
        for count in counts { sums[InstallShareCount(platform: count.platform, version: count.version, installs: 0), default: 0] += count.installs }
        let ranked = Self.ranked(sums)
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

    private static func ranked(_ sums: [InstallShareCount: Int]) -> [InstallShareCount] {
        sums.filter { $0.value > 0 }.map { key, installs in
            var count = key
            count.installs = installs
            return count
        }.sorted(by: InstallShareCount.ranked)
    }

    public func prune(before day: Int) -> Int {
        let before = rows.count
        rows = rows.filter { InstallDay.of($0.value.lastSeen) >= day }
        installCounts = Dictionary(rows.keys.map { (Scope(appID: $0.appID, platform: $0.platform), 1) }, uniquingKeysWith: +)
        groupCounts = groupCounts.mapValues { $0.filter { $0.key.day >= day } }
        dailyCounts = dailyCounts.mapValues { $0.filter { $0.key.day >= day } }
        keptDays = keptDays.mapValues { $0.filter { $0.value >= day } }
        refusals = refusals.filter { $0.key.day >= day }
        return before - rows.count
    }

    /// The stored row of one install, for tests that check what is kept.
    package func row(appID: String, platform: Platform, installHash: String) -> InstallRow? {
        rows[InstallKey(appID: appID, platform: platform, installHash: installHash)]
    }
}
