import LaunchGate

/// Room left under ``InstallLimits`` while one recording folds: the installs each app holds,
/// and for each app and day it touches, how many groups exist and, only when the cap is near,
/// which. Storage fills it cheaply before the fold (a counter row per app, a count per app and
/// day) and loads group keys only when the sightings could reach the cap.
///
/// Only brand-new groups count against the per-day cap: a group the app had the day before is
/// always admitted, and so is the group an install already kept runs (seen again on a later day),
/// so random versions sent just after midnight UTC can fill the day's room for new groups but
/// can't stop real installs from being counted.
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
        /// Brand-new groups (not among `earlier`) stored that day, plus those this fold started.
        var count: Int
        /// The stored groups and those this fold started, or `nil` when the fold cannot reach
        /// the cap however many it starts, so nothing needs checking.
        var known: Set<GroupID>?
        /// The app's groups of the day before, admitted without taking room.
        var earlier: Set<GroupID> = []

        init(count: Int, known: Set<GroupID>?, earlier: Set<GroupID> = []) {
            self.earlier = earlier
            self.known = known
            // Stored groups the app had the day before took no room.
            self.count = known.map { $0.subtracting(earlier).count } ?? count
        }
    }

    /// The groups one app keeps on one platform over the retention window, for
    /// ``InstallLimits/groupsPerAppPlatform``.
    struct Kept {
        /// Groups kept: stored, plus those this fold started.
        var count: Int
        /// Of the batch's candidate groups, those kept (and those this fold started), or `nil`
        /// when the fold cannot reach the cap however many it starts.
        var known: Set<GroupID>?
    }

    /// Which cap refused a group.
    enum Refusal {
        /// ``InstallLimits/groupsPerAppPerDay``.
        case day
        /// ``InstallLimits/groupsPerAppPlatform``.
        case kept
    }

    let limits: InstallLimits
    /// Installs per app: stored, plus those this fold added.
    var installs: [String: Int]
    var groups: [AppDay: Groups]
    /// Groups kept per app and platform; one not listed is not capped.
    var kept: [InstallFold.AppPlatform: Kept] = [:]

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

    /// The apps and platforms a batch touches, with the distinct groups it could start on each.
    static func keptCandidates(_ sightings: [InstallSighting]) -> [InstallFold.AppPlatform: Set<GroupID>] {
        var candidates: [InstallFold.AppPlatform: Set<GroupID>] = [:]
        for sighting in sightings {
            candidates[InstallFold.AppPlatform(appID: sighting.appID, platform: sighting.platform), default: []]
                .insert(GroupID(platform: sighting.platform, version: sighting.version, build: sighting.build, os: sighting.os))
        }
        return candidates
    }

    /// Whether an app and platform keep so many groups that the batch's candidates must be looked up.
    func needsKeptKeys(stored: Int, candidates: Int) -> Bool { stored + candidates > limits.groupsPerAppPlatform }

    /// Whether the cap is near enough for an app-day that its stored group keys must be read.
    func needsKeys(stored: Int, candidates: Int) -> Bool { stored + candidates > limits.groupsPerAppPerDay }

    func hasRoomForInstall(in app: String) -> Bool { installs[app, default: 0] < limits.installsPerApp }

    mutating func addInstall(in app: String) { installs[app, default: 0] += 1 }

    /// Admits a sighting's group: one the install itself ran when last seen (`existed`) always;
    /// otherwise one its app and platform don't keep only while they have room for it
    /// (``InstallLimits/groupsPerAppPlatform``), and then one already kept that day or the day
    /// before always, a brand-new one while the day has room.
    /// - Returns: `nil` when admitted, else the cap that refused it.
    mutating func admit(_ group: GroupID, on day: AppDay, existed: Bool = false) -> Refusal? {
        let scope = InstallFold.AppPlatform(appID: day.appID, platform: group.platform)
        let keptNew = !existed && (kept[scope]?.known.map { !$0.contains(group) } ?? false)
        if keptNew, let entry = kept[scope], entry.count >= limits.groupsPerAppPlatform { return .kept }
        guard admitOnDay(group, on: day, existed: existed) else { return .day }
        if keptNew {
            kept[scope]?.count += 1
            kept[scope]?.known?.insert(group)
        }
        return nil
    }

    private mutating func admitOnDay(_ group: GroupID, on day: AppDay, existed: Bool) -> Bool {
        guard var entry = groups[day], var known = entry.known else { return true }
        if known.contains(group) { return true }
        let isNew = !existed && !entry.earlier.contains(group)
        if isNew { guard entry.count < limits.groupsPerAppPerDay else { return false } }
        known.insert(group)
        if isNew { entry.count += 1 }
        entry.known = known
        groups[day] = entry
        return true
    }
}
