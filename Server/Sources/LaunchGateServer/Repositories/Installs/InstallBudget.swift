import LaunchGate

/// Room left under ``InstallLimits`` while one recording folds: the installs each app holds,
/// and for each app and day it touches, how many groups exist and, only when the cap is near,
/// which. Storage fills it cheaply before the fold (a counter row per app, a count per app and
/// day) and loads group keys only when the sightings could reach the cap.
struct InstallBudget {
    struct AppDay: Hashable {
        var appID: String
        var day: Int
    }

    /// A group as the per-day cap counts it: across platforms.
    struct GroupID: Hashable {
        var platform: Platform
        var version: String
        var build: String
        var os: String
    }

    struct Groups {
        /// Groups stored, plus those this fold started.
        var count: Int
        /// The stored groups and those this fold started, or `nil` when the fold cannot reach
        /// the cap however many it starts, so nothing needs checking.
        var known: Set<GroupID>?
    }

    let limits: InstallLimits
    /// Installs per app: stored, plus those this fold added.
    var installs: [String: Int]
    var groups: [AppDay: Groups]

    /// The app-days a batch of sightings touches, with the distinct groups it could start on
    /// each, so storage knows which counts to read and where the cap is near.
    static func candidates(_ sightings: [InstallSighting]) -> [AppDay: Set<GroupID>] {
        var candidates: [AppDay: Set<GroupID>] = [:]
        for sighting in sightings {
            candidates[AppDay(appID: sighting.appID, day: sighting.day), default: []]
                .insert(GroupID(platform: sighting.platform, version: sighting.version, build: sighting.build, os: sighting.os))
        }
        return candidates
    }

    /// Whether the cap is near enough for an app-day that its stored group keys must be read.
    func needsKeys(stored: Int, candidates: Int) -> Bool { stored + candidates > limits.groupsPerAppPerDay }

    func hasRoomForInstall(in app: String) -> Bool { installs[app, default: 0] < limits.installsPerApp }

    mutating func addInstall(in app: String) { installs[app, default: 0] += 1 }

    /// Admits a sighting's group: one already kept always, a new one while the day has room.
    mutating func admit(_ group: GroupID, on day: AppDay) -> Bool {
        guard var entry = groups[day], var known = entry.known else { return true }
        if known.contains(group) { return true }
        guard entry.count < limits.groupsPerAppPerDay else { return false }
        known.insert(group)
        entry.count += 1
        entry.known = known
        groups[day] = entry
        return true
    }
}
