/// How much a hostile client can make storage grow: install IDs, versions, builds and OS
/// versions are whatever a request says, so their number is capped per app. Past a cap, new
/// installs or new groups are dropped (and counted in `launchgate_install_sightings_capped_total`);
/// installs and groups already kept go on updating, so real users are still counted.
public struct InstallLimits: Sendable, Hashable {
    /// The most installs kept per app, over all platforms.
    public var installsPerApp: Int
    /// The most (platform, version, build, OS) groups kept per app for one UTC day.
    public var groupsPerAppPerDay: Int

    /// Creates limits.
    /// - Parameters:
    ///   - installsPerApp: Default 5,000,000: twice the retention window of a very popular app.
    ///   - groupsPerAppPerDay: Default 10,000: real apps run a few hundred combinations at most.
    public init(installsPerApp: Int = 5_000_000, groupsPerAppPerDay: Int = 10_000) {
        self.installsPerApp = installsPerApp
        self.groupsPerAppPerDay = groupsPerAppPerDay
    }
}
