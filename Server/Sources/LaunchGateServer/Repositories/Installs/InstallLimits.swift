/// How much a hostile client can make storage grow: install IDs, versions, builds and OS
/// versions are whatever a request says, so their number is capped per app. Past a cap, new
/// installs or new groups are dropped (and counted in `launchgate_install_sightings_capped_total`);
/// installs and groups already kept go on updating, so real users are still counted.
public struct InstallLimits: Sendable, Hashable {
    /// The most installs kept per app, over all platforms.
    public var installsPerApp: Int
    /// The most (platform, version, build, OS) groups kept per app for one UTC day.
    public var groupsPerAppPerDay: Int
    /// The most distinct (version, build, OS) groups kept per app and platform over the whole
    /// retention window: a group seen again on a later day, or after its old rows aged out, takes
    /// its room once, so the groups an impact reads stay bounded however the days are chained.
    public var groupsPerAppPlatform: Int

    /// Creates limits.
    /// - Parameters:
    ///   - installsPerApp: Default 5,000,000: twice the retention window of a very popular app.
    ///   - groupsPerAppPerDay: Default 10,000: real apps run a few hundred combinations at most.
    ///   - groupsPerAppPlatform: Default 20,000, as many as an impact evaluates: a real app keeps a
    ///     few thousand over 90 days at most.
    public init(installsPerApp: Int = 5_000_000, groupsPerAppPerDay: Int = 10_000, groupsPerAppPlatform: Int = 20_000) {
        self.installsPerApp = installsPerApp
        self.groupsPerAppPerDay = groupsPerAppPerDay
        self.groupsPerAppPlatform = groupsPerAppPlatform
    }
}
