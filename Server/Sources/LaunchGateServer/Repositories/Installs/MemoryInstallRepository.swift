import Foundation
import LaunchGate

/// ``InstallRepository`` in memory, for tests and `--memory` runs.
public actor MemoryInstallRepository: InstallRepository {
    private var rows: [InstallKey: InstallRow] = [:]
    private var groupCounts: [InstallFold.AppPlatform: [InstallGroupKey: Int]] = [:]
    /// Per group, its installs seen on the group's day only.
    private var freshCounts: [InstallFold.AppPlatform: [InstallGroupKey: Int]] = [:]
    /// Per group, its established installs.
    private var establishedCounts: [InstallFold.AppPlatform: [InstallGroupKey: Int]] = [:]
    private var dailyCounts: [InstallFold.AppPlatform: [InstallFold.DailyKey: Int]] = [:]
    private var installTotals: [String: Int] = [:]
    /// Per app, the groups kept and the last day each was seen.
    private var keptDays: [String: [InstallBudget.GroupID: Int]] = [:]
    /// Sightings refused by a cap, per app, platform and day.
    private var refusals: [InstallRefusalKey: Int] = [:]

    /// Creates an empty repository.
    public init() {}

    @discardableResult
    public func record(_ sightings: [InstallSighting], limits: InstallLimits) -> InstallRecordResult {
        var budget = InstallBudget(limits: limits, installs: installTotals, groups: [:])
        for (day, _) in InstallBudget.candidates(sightings) {
            var (known, earlier): (Set<InstallBudget.GroupID>, Set<InstallBudget.GroupID>) = ([], [])
            for (scope, counts) in groupCounts where scope.appID == day.appID {
                for key in counts.keys where key.day == day.day || key.day == day.day - 1 {
                    let group = InstallBudget.GroupID(platform: scope.platform, version: key.version, build: key.build, os: key.os)
                    if key.day == day.day { known.insert(group) } else { earlier.insert(group) }
                }
            }
            budget.groups[day] = InstallBudget.Groups(count: known.count, known: known, earlier: earlier)
        }
        for (scope, _) in InstallBudget.keptCandidates(sightings) {
            let known = Set((keptDays[scope.appID] ?? [:]).keys.filter { $0.platform == scope.platform })
            budget.kept[scope] = InstallBudget.Kept(count: known.count, known: known)
        }
        var fold = InstallFold(budget: budget)
        for sighting in sightings {
            fold.apply(sighting, stored: rows[InstallKey(appID: sighting.appID, platform: sighting.platform, installHash: sighting.installHash)])
        }
        rows.merge(fold.rows) { _, new in new }
        for key in fold.inserted { installTotals[key.appID, default: 0] += 1 }
        for (app, days) in fold.keptDays {
            for (group, day) in days { keptDays[app, default: [:]][group] = max(keptDays[app]?[group] ?? day, day) }
        }
        for (scope, changes) in fold.groups {
            for (key, change) in changes { groupCounts[scope, default: [:]][key, default: 0] += change }
            groupCounts[scope] = groupCounts[scope]?.filter { $0.value > 0 }
        }
        for (scope, changes) in fold.fresh {
            for (key, change) in changes { freshCounts[scope, default: [:]][key, default: 0] += change }
            freshCounts[scope] = freshCounts[scope]?.filter { $0.value > 0 }
        }
        for (scope, changes) in fold.established {
            for (key, change) in changes { establishedCounts[scope, default: [:]][key, default: 0] += change }
            establishedCounts[scope] = establishedCounts[scope]?.filter { $0.value > 0 }
        }
        for (scope, changes) in fold.daily {
            for (key, change) in changes { dailyCounts[scope, default: [:]][key, default: 0] += change }
            dailyCounts[scope] = dailyCounts[scope]?.filter { $0.value > 0 }
        }
        refusals.merge(fold.refused, uniquingKeysWith: +)
        return fold.result
    }

    public func refusedSightings(appID: String, fromDay: Int) -> [Platform: Int] {
        var counts: [Platform: Int] = [:]
        for (key, count) in refusals where key.appID == appID && key.day >= fromDay { counts[key.platform, default: 0] += count }
        return counts
    }

    public func groups(appID: String, platform: Platform?, fromDay: Int) -> [InstallGroup] {
        groupCounts.filter { $0.key.appID == appID && (platform == nil || $0.key.platform == platform) }.flatMap { scope, counts in
            counts.filter { $0.key.day >= fromDay }.map { key, count in
                InstallGroup(platform: scope.platform, version: key.version, build: key.build, os: key.os, day: key.day, installs: count)
            }
        }
    }

    public func totals(appID: String, platform: Platform?, fromDay: Int) -> [InstallGroupTotal] {
        var sums: [InstallGroupTotal: Int] = [:]
        for group in groups(appID: appID, platform: platform, fromDay: fromDay) {
            sums[InstallGroupTotal(platform: group.platform, version: group.version, build: group.build, os: group.os, installs: 0), default: 0]
                += group.installs
        }
        return sums.map { key, installs in
            var total = key
            total.installs = installs
            return total
        }
    }

    public func newInstalls(appID: String, platform: Platform?, day: Int, limit: Int) -> [InstallGroupTotal] {
        let all = freshCounts.filter { $0.key.appID == appID && (platform == nil || $0.key.platform == platform) }.flatMap { scope, counts in
            counts.filter { $0.key.day == day && $0.value > 0 }.map { key, count in
                InstallGroupTotal(platform: scope.platform, version: key.version, build: key.build, os: key.os, installs: count)
            }
        }
        let ranked = all.sorted {
            InstallShareCount.ranked(InstallShareCount(platform: $0.platform, version: $0.version, build: $0.build, os: $0.os, installs: $0.installs),
                                     InstallShareCount(platform: $1.platform, version: $1.version, build: $1.build, os: $1.os, installs: $1.installs))
        }
        return Array(ranked.prefix(max(limit, 1)))
    }

    public func impactGroups(appID: String, fromDay: Int, today: Int, limit: Int) -> ImpactGroupPage {
        var sums: [InstallShareCount: (installs: Int, established: Int)] = [:]
        for (scope, counts) in groupCounts where scope.appID == appID {
            for (key, count) in counts where key.day >= fromDay {
                let fresh = key.day == today ? freshCounts[scope]?[key] ?? 0 : 0
                let id = InstallShareCount(platform: scope.platform, version: key.version, build: key.build, os: key.os, installs: 0)
                let sum = sums[id] ?? (0, 0)
                sums[id] = (sum.installs + count - fresh, sum.established + (establishedCounts[scope]?[key] ?? 0))
            }
        }
        let ranked = sums.filter { $0.value.installs > 0 }.map { id, sum in
            ImpactGroupCount(platform: id.platform, version: id.version ?? "", build: id.build ?? "", os: id.os ?? "", installs: sum.installs,
                             established: sum.established)
        }.sorted {
            InstallShareCount.ranked(InstallShareCount(platform: $0.platform, version: $0.version, build: $0.build, os: $0.os, installs: $0.installs),
                                     InstallShareCount(platform: $1.platform, version: $1.version, build: $1.build, os: $1.os, installs: $1.installs))
        }
        return ImpactGroupPage(entries: Array(ranked.prefix(max(limit, 1))), totalEntries: ranked.count,
                               totalInstalls: ranked.reduce(0) { $0 + $1.installs }, totalEstablished: ranked.reduce(0) { $0 + $1.established })
    }

    public func dailyVersions(appID: String, platform: Platform?, fromDay: Int) -> [DailyVersionCount] {
        dailyCounts.filter { $0.key.appID == appID && (platform == nil || $0.key.platform == platform) }.flatMap { scope, counts in
            counts.filter { $0.key.day >= fromDay }.map { key, count in
                DailyVersionCount(platform: scope.platform, version: key.version, day: key.day, installs: count)
            }
        }
    }

    public func prune(before day: Int) -> Int {
        let before = rows.count
        rows = rows.filter { InstallDay.of($0.value.lastSeen) >= day }
        installTotals = Dictionary(rows.keys.map { ($0.appID, 1) }, uniquingKeysWith: +)
        groupCounts = groupCounts.mapValues { $0.filter { $0.key.day >= day } }
        freshCounts = freshCounts.mapValues { $0.filter { $0.key.day >= day } }
        establishedCounts = establishedCounts.mapValues { $0.filter { $0.key.day >= day } }
        dailyCounts = dailyCounts.mapValues { $0.filter { $0.key.day >= day } }
        keptDays = keptDays.mapValues { $0.filter { $0.value >= day } }
        refusals = refusals.filter { $0.key.day >= day }
        return before - rows.count
    }

    /// The stored row of one install, for tests that check what is kept.
    func row(appID: String, platform: Platform, installHash: String) -> InstallRow? {
        rows[InstallKey(appID: appID, platform: platform, installHash: installHash)]
    }
}
