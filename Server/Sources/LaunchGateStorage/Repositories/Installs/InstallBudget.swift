import LaunchGate

/// Room left under ``InstallLimits`` for each app and platform one recording touches: the
/// installs kept, the groups kept and, only when a batch could reach the group cap, which of
/// its groups are kept already. Storage fills it cheaply before the fold (a counter row and a
/// count stopping one past the cap); the fold spends it.
package struct InstallBudget {
    /// An app on a platform: what the cap, and every count beside the installs, is kept per.
    package struct Scope: Hashable {
        package var appID: String
        package var platform: Platform
    }

    /// A group as the cap counts it, within its scope: whatever day it was seen on.
    package struct GroupID: Hashable {
        package var version: String
        package var build: String
        package var os: String
    }

    struct Room {
        /// Installs kept: stored, plus those this fold added.
        package var installs: Int
        /// Groups kept: stored (counted up to one past the cap), plus those this fold started.
        package var groups: Int
        /// Of the batch's groups, those kept (and those this fold started); `nil` when the batch
        /// can't reach the cap however many it starts, so none needs checking.
        package var kept: Set<GroupID>?
    }

    package let limits: InstallLimits
    /// A scope not listed is not capped.
    var rooms: [Scope: Room] = [:]

    /// The scopes a batch touches, with the distinct groups it could start in each.
    static func candidates(_ sightings: [InstallSighting]) -> [Scope: Set<GroupID>] {
        var candidates: [Scope: Set<GroupID>] = [:]
        for sighting in sightings {
            candidates[Scope(appID: sighting.appID, platform: sighting.platform), default: []].insert(sighting.group)
        }
        return candidates
    }

    /// Whether a scope keeps so many groups that the batch's groups must be looked up.
    func needsKeys(stored: Int, candidates: Int) -> Bool { stored + candidates > limits.groupsPerAppPlatform }

    func hasRoomForInstall(in scope: Scope) -> Bool { (rooms[scope]?.installs ?? 0) < limits.installsPerAppPlatform }

    mutating func addInstall(in scope: Scope) { rooms[scope, default: Room(installs: 0, groups: 0)].installs += 1 }

    /// Admits a group kept already always, and one its scope doesn't keep while there is room.
    package mutating func admit(_ group: GroupID, in scope: Scope) -> Bool {
        guard var room = rooms[scope], var kept = room.kept else { return true }
        if kept.contains(group) { return true }
        guard room.groups < limits.groupsPerAppPlatform else { return false }
        kept.insert(group)
        room.kept = kept
        room.groups += 1
        rooms[scope] = room
        return true
    }
}
