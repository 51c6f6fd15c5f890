import Foundation
import LaunchGate

/// Folds sightings into install rows and the counts kept beside them, for the memory and SQL
/// repositories alike: the new state of every install touched, and by how much each count changes.
///
/// Sightings may arrive late and out of order (several instances, buffers folded at different
/// times): the newest sighting decides the version, `firstSeen` only moves back and `lastSeen`
/// only moves forward.
package struct InstallFold {
    package typealias Scope = InstallBudget.Scope

    package struct DailyKey: Hashable {
        package var version: String
        package var day: Int
    }

    /// One group's counts, or changes to them: its installs, those of them seen on the group's day
    /// only (what the impact leaves out of the guard's shares as new), and its established ones
    /// (``InstallRow/isEstablished``: what the guard also measures by, since made-up installs need
    /// a day of traffic to count there).
    package struct GroupCounts: Hashable {
        package var installs = 0
        package var fresh = 0
        package var established = 0

        static func += (counts: inout GroupCounts, change: GroupCounts) {
            counts = GroupCounts(installs: counts.installs + change.installs, fresh: counts.fresh + change.fresh,
                                 established: counts.established + change.established)
        }
    }

    /// The rows as they are after the fold, for every install touched.
    private(set) var rows: [InstallKey: InstallRow] = [:]
    /// Installs added, per scope.
    private(set) var added: [Scope: Int] = [:]
    /// Changes to group counts.
    private(set) var groups: [Scope: [InstallGroupKey: GroupCounts]] = [:]
    /// Changes to daily version counts.
    private(set) var daily: [Scope: [DailyKey: Int]] = [:]
    /// The last day each group a row landed in was seen: what keeps the group's room under
    /// ``InstallLimits/groupsPerAppPlatform`` until it ages out.
    private(set) var keptDays: [Scope: [InstallBudget.GroupID: Int]] = [:]
    /// Room under the cap; `nil` folds without it.
    private(set) var budget: InstallBudget?
    /// Sightings the cap left out.
    private(set) var result = InstallRecordResult()
    /// Sightings the cap left out, per app, platform and day, with the versions they named: where
    /// the counts may be missing real installs, and of which versions.
    private(set) var refused: [InstallRefusalKey: RefusedSightings] = [:]

    /// The key of the filters of refused versions (``RefusedVersionFilter``): the database's.
    private let filterKey: RefusedVersionFilter.Key

    package init(budget: InstallBudget? = nil, filterKey: RefusedVersionFilter.Key) {
        self.budget = budget
        self.filterKey = filterKey
    }

    /// Applies one sighting.
    /// - Parameters:
    ///   - sighting: What was seen.
    ///   - stored: The install's row before this fold, or `nil` when storage has none.
    package mutating func apply(_ sighting: InstallSighting, stored: InstallRow?) {
        let key = InstallKey(appID: sighting.appID, platform: sighting.platform, installHash: sighting.installHash)
        let (scope, at) = (sighting.scope, sighting.at.milliseconds)
        let seen = InstallRow(version: sighting.version, build: sighting.build, os: sighting.os, firstSeen: at, lastSeen: at)
        guard let old = rows[key] ?? stored else {
            if let refusal = budget?.admit(sighting, newInstall: true) { return refuse(sighting, refusal) }
            keep(sighting)
            rows[key] = seen
            added[scope, default: 0] += 1
            groups[scope, default: [:]][seen.group, default: GroupCounts()] += GroupCounts(installs: 1, fresh: 1)
            daily[scope, default: [:]][DailyKey(version: seen.version, day: sighting.day), default: 0] += 1
            return
        }
        guard at >= old.lastSeen else {
            // A late sighting: only the first-seen time can learn from it.
            var row = old
            row.firstSeen = min(old.firstSeen, at)
            rows[key] = row
            account(from: old, to: row, in: scope)
            return
        }
        var row = seen
        row.firstSeen = min(old.firstSeen, at)
        // Its own group, seen on a later day, is kept already. Moving to another, the install
        // stays as it was when that group has no room: a row's group follows from its fields,
        // so it can't move on without its group.
        let moves = old.version != row.version || old.build != row.build || old.os != row.os
        if moves, let refusal = budget?.admit(sighting, newInstall: false) { return refuse(sighting, refusal) }
        keep(sighting)
        rows[key] = row
        if old.group != row.group {
            groups[scope, default: [:]][old.group, default: GroupCounts()].installs -= 1
            groups[scope, default: [:]][row.group, default: GroupCounts()].installs += 1
        }
        account(from: old, to: row, in: scope)
        let (oldDay, newDay) = (InstallDay.of(old.lastSeen), sighting.day)
        if oldDay != newDay || old.version != row.version {
            // Each install counts once a day, under the last version it ran that day.
            if oldDay == newDay { daily[scope, default: [:]][DailyKey(version: old.version, day: oldDay), default: 0] -= 1 }
            daily[scope, default: [:]][DailyKey(version: row.version, day: newDay), default: 0] += 1
        }
    }

    private mutating func refuse(_ sighting: InstallSighting, _ refusal: InstallBudget.Refusal) {
        switch refusal {
        case .installs: result.overInstallCap += 1
        case .groups: result.overGroupCap += 1
        case .client:
            // A client past its own quota names what nobody else did: the guard doesn't count it,
            // or one client could make every change ask for confirmation (docs/adoption.md).
            result.overClientQuota += 1
            return
        }
        let key = InstallRefusalKey(appID: sighting.appID, platform: sighting.platform, day: sighting.day)
        if refused[key] == nil { refused[key] = RefusedSightings(version: sighting.version, key: filterKey) } else { refused[key]?.add(version: sighting.version) }
    }

    private mutating func keep(_ sighting: InstallSighting) {
        keptDays[sighting.scope, default: [:]][sighting.group] = max(keptDays[sighting.scope]?[sighting.group] ?? sighting.day, sighting.day)
    }

    /// Moves an install's part in its group's counts of installs seen on one day only and of
    /// established installs; an install that becomes established within its row (seen again
    /// later the same day, or an earlier sighting arriving late) counts there from now on.
    private mutating func account(from old: InstallRow, to new: InstallRow, in scope: Scope) {
        if old.isSingleDay != new.isSingleDay || (old.isSingleDay && old.group != new.group) {
            if old.isSingleDay { groups[scope, default: [:]][old.group, default: GroupCounts()].fresh -= 1 }
            if new.isSingleDay { groups[scope, default: [:]][new.group, default: GroupCounts()].fresh += 1 }
        }
        if old.isEstablished != new.isEstablished || (old.isEstablished && old.group != new.group) {
            if old.isEstablished { groups[scope, default: [:]][old.group, default: GroupCounts()].established -= 1 }
            if new.isEstablished { groups[scope, default: [:]][new.group, default: GroupCounts()].established += 1 }
        }
    }
}
