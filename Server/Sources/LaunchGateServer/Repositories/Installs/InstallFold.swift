import Foundation
import LaunchGate

/// Folds sightings into install rows and the counts kept beside them, for the memory and SQL
/// repositories alike: the new state of every install touched, and by how much each group and
/// daily count changes.
///
/// Sightings may arrive late and out of order (several instances, buffers folded at different
/// times): the newest sighting decides the version, `firstSeen` only moves back and `lastSeen`
/// only moves forward.
struct InstallFold {
    /// The rows as they are after the fold, for every install touched.
    private(set) var rows: [InstallKey: InstallRow] = [:]
    /// Which of `rows` did not exist before.
    private(set) var inserted: Set<InstallKey> = []
    /// Changes to group counts, per app and platform.
    private(set) var groups: [AppPlatform: [InstallGroupKey: Int]] = [:]
    /// Changes to each group's count of installs first seen on the group's day (seen on that one
    /// day only), per app and platform: what the publish guard leaves out as new.
    private(set) var fresh: [AppPlatform: [InstallGroupKey: Int]] = [:]
    /// Changes to each group's count of established installs (``InstallRow/isEstablished``),
    /// per app and platform: what the publish guard also measures by, since made-up installs
    /// need a day of traffic to count there.
    private(set) var established: [AppPlatform: [InstallGroupKey: Int]] = [:]
    /// Changes to daily version counts, per app and platform.
    private(set) var daily: [AppPlatform: [DailyKey: Int]] = [:]
    /// The last day each group a row landed in was seen, per app: what keeps the group's room
    /// under ``InstallLimits/groupsPerAppPlatform`` until it ages out.
    private(set) var keptDays: [String: [InstallBudget.GroupID: Int]] = [:]
    /// Room under the caps; `nil` folds without limits.
    private(set) var budget: InstallBudget?
    /// Sightings left out by the caps, per cap.
    private(set) var result = InstallRecordResult()
    /// Sightings left out by any cap, per app, platform and day: the counts the publish guard
    /// reads, where they may be missing real installs.
    private(set) var refused: [InstallRefusalKey: Int] = [:]

    init(budget: InstallBudget? = nil) { self.budget = budget }

    struct AppPlatform: Hashable {
        var appID: String
        var platform: Platform
    }

    struct DailyKey: Hashable {
        var version: String
        var day: Int
    }

    /// Applies one sighting.
    /// - Parameters:
    ///   - sighting: What was seen.
    ///   - stored: The install's row before this fold, or `nil` when storage has none.
    mutating func apply(_ sighting: InstallSighting, stored: InstallRow?) {
        let key = InstallKey(appID: sighting.appID, platform: sighting.platform, installHash: sighting.installHash)
        let scope = AppPlatform(appID: sighting.appID, platform: sighting.platform)
        let at = sighting.at.milliseconds
        let seen = InstallRow(version: sighting.version, build: sighting.build, os: sighting.os, firstSeen: at, lastSeen: at)
        let day = InstallBudget.AppDay(appID: sighting.appID, day: sighting.day)
        let group = InstallBudget.GroupID(platform: sighting.platform, version: sighting.version, build: sighting.build, os: sighting.os)
        guard let old = rows[key] ?? stored else {
            // Checked before the group is admitted, so a refused install takes no group's room.
            guard budget?.hasRoomForInstall(in: sighting.appID) ?? true else {
                result.overInstallCap += 1
                refused[InstallRefusalKey(sighting), default: 0] += 1
                return
            }
            if let refusal = budget?.admit(group, on: day) {
                count(refusal, sighting)
                return
            }
            keep(group, on: sighting.day, in: sighting.appID)
            budget?.addInstall(in: sighting.appID)
            rows[key] = seen
            inserted.insert(key)
            groups[scope, default: [:]][seen.group, default: 0] += 1
            fresh[scope, default: [:]][seen.group, default: 0] += 1
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
        // Its own group, seen again on a later day: the install proves the group is not new.
        let same = old.version == row.version && old.build == row.build && old.os == row.os
        if old.group != row.group, let refusal = budget?.admit(group, on: day, existed: same) {
            // The install stays as it was: a row's group follows from its fields, so it can't
            // move on without its group.
            count(refusal, sighting)
            return
        }
        keep(group, on: sighting.day, in: sighting.appID)
        rows[key] = row
        if old.group != row.group {
            groups[scope, default: [:]][old.group, default: 0] -= 1
            groups[scope, default: [:]][row.group, default: 0] += 1
        }
        account(from: old, to: row, in: scope)
        let (oldDay, newDay) = (InstallDay.of(old.lastSeen), sighting.day)
        if oldDay != newDay || old.version != row.version {
            // Each install counts once a day, under the last version it ran that day.
            if oldDay == newDay { daily[scope, default: [:]][DailyKey(version: old.version, day: oldDay), default: 0] -= 1 }
            daily[scope, default: [:]][DailyKey(version: row.version, day: newDay), default: 0] += 1
        }
    }

    private mutating func count(_ refusal: InstallBudget.Refusal, _ sighting: InstallSighting) {
        switch refusal {
        case .day: result.overGroupCap += 1
        case .kept: result.overKeptGroupCap += 1
        }
        refused[InstallRefusalKey(sighting), default: 0] += 1
    }

    private mutating func keep(_ group: InstallBudget.GroupID, on day: Int, in app: String) {
        keptDays[app, default: [:]][group] = max(keptDays[app]?[group] ?? day, day)
    }

    /// Moves an install's part in its group's counts of installs seen on one day only and of
    /// established installs; an install that becomes established within its row (seen again
    /// later the same day, or an earlier sighting arriving late) counts there from now on.
    private mutating func account(from old: InstallRow, to new: InstallRow, in scope: AppPlatform) {
        if old.isSingleDay != new.isSingleDay || (old.isSingleDay && old.group != new.group) {
            if old.isSingleDay { fresh[scope, default: [:]][old.group, default: 0] -= 1 }
            if new.isSingleDay { fresh[scope, default: [:]][new.group, default: 0] += 1 }
        }
        if old.isEstablished != new.isEstablished || (old.isEstablished && old.group != new.group) {
            if old.isEstablished { established[scope, default: [:]][old.group, default: 0] -= 1 }
            if new.isEstablished { established[scope, default: [:]][new.group, default: 0] += 1 }
        }
    }
}
