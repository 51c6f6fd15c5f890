import LaunchGate

/// Room left under ``InstallLimits`` for each app and platform one recording touches: the
/// installs kept, the groups kept and, when a batch could reach the group cap or new groups are
/// limited per client, which of its groups are kept already. Storage fills it cheaply before the
/// fold (a counter row and a count stopping one past the cap and its reserve); the fold spends it,
/// and each client's quotas (``InstallAdmission``).
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

    /// Which limit refused a sighting.
    package enum Refusal {
        /// ``InstallLimits/installsPerAppPlatform``.
        case installs
        /// ``InstallLimits/groupsPerAppPlatform`` (and the reserves, for a named version or the next release).
        case groups
        /// The client's quota (``ClientQuotas``).
        case client
    }

    struct Room {
        /// Installs kept: stored, plus those this fold added.
        package var installs: Int
        /// Groups kept: stored (counted up to one past the cap and its reserve), plus those this fold started.
        package var groups: Int
        /// Of the batch's groups, those kept (and those this fold started); `nil` when the batch
        /// can't reach the cap however many it starts and new groups are not limited per client,
        /// so none needs checking.
        package var kept: Set<GroupID>?
    }

    package let limits: InstallLimits
    package let admission: InstallAdmission
    /// A scope not listed is not capped.
    var rooms: [Scope: Room] = [:]
    /// What this recording spent of clients' quotas, given back if its write fails.
    package private(set) var spent: [ClientQuotas.Spend] = []

    package init(limits: InstallLimits, admission: InstallAdmission = InstallAdmission()) {
        self.limits = limits
        self.admission = admission
    }

    /// The scopes a batch touches, with the distinct groups it could start in each.
    static func candidates(_ sightings: [InstallSighting]) -> [Scope: Set<GroupID>] {
        var candidates: [Scope: Set<GroupID>] = [:]
        for sighting in sightings {
            candidates[Scope(appID: sighting.appID, platform: sighting.platform), default: []].insert(sighting.group)
        }
        return candidates
    }

    /// The most groups a scope's count needs to reach: one past the cap and its reserves.
    var countedGroups: Int { limits.keptGroups + 1 }

    /// Whether the batch's groups must be looked up: the scope keeps so many that the batch could
    /// reach the cap, or new groups count against their client's quota.
    func needsKeys(stored: Int, candidates: Int) -> Bool {
        stored + candidates > limits.groupsPerAppPlatform || admission.quotas?.limitsGroups == true
    }

    /// Admits a sighting that adds an install (`newInstall`) or moves one to another group, or
    /// refuses it. An install is new to the cap on installs and to its client's quota; a group its
    /// scope doesn't keep is new to the cap on groups (a version the policy names may use the
    /// reserve past it) and to its client's quota.
    ///
    /// The client's quotas are spent first, and stay spent when a cap then refuses it: refusals
    /// are what the guard counts, so one client (one network) adds at most its quotas of them a
    /// day, and a sighting past its quotas is the client's refusal, which the guard doesn't count.
    /// - Returns: What refused it, or `nil` when it was admitted.
    package mutating func admit(_ sighting: InstallSighting, newInstall: Bool) -> Refusal? {
        let (scope, group) = (sighting.scope, sighting.group)
        let newGroup = rooms[scope]?.kept.map { !$0.contains(group) } ?? false
        if let quotas = admission.quotas, let source = sighting.source, newGroup || newInstall {
            guard quotas.admit(source, day: sighting.day, groups: newGroup ? 1 : 0, installs: newInstall ? 1 : 0) else { return .client }
            spent.append(ClientQuotas.Spend(source: source, day: sighting.day, groups: newGroup ? 1 : 0, installs: newInstall ? 1 : 0))
        }
        guard var room = rooms[scope] else { return nil }
        if newInstall, room.installs >= limits.installsPerAppPlatform { return .installs }
        if newGroup, room.groups >= limits.groupsPerAppPlatform {
            // Past the cap: a named version may use the reserves, within its network's share of
            // them (a flood of made-up builds of it is the network's refusal, not the guard's),
            // and a version above latest the room NextReleaseRoom gives it.
            guard room.groups < limits.keptGroups else { return .groups }
            if admission.names(group.version, in: scope) {
                guard admission.admitsReserve(sighting, reserve: limits.reservedGroups) else { return .client }
            } else {
                guard admission.admitsNextRelease(sighting, total: limits.nextReleaseGroups) else { return .groups }
            }
        }
        if newGroup {
            room.kept?.insert(group)
            room.groups += 1
        }
        if newInstall { room.installs += 1 }
        rooms[scope] = room
        return nil
    }
}
