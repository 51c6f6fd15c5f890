import LaunchGate

/// An app, platform and UTC day on which sightings were refused by a cap
/// (``InstallLimits``): the publish guard can't trust that platform's counts then, since the
/// refused sightings may be real installs (an upgrade to a new release, say).
struct InstallRefusalKey: Hashable, Sendable {
    var appID: String
    var platform: Platform
    var day: Int

    init(appID: String, platform: Platform, day: Int) {
        self.appID = appID
        self.platform = platform
        self.day = day
    }

    init(_ sighting: InstallSighting) {
        self.init(appID: sighting.appID, platform: sighting.platform, day: sighting.day)
    }
}
