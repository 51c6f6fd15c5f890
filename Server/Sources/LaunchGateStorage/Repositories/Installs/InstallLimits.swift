/// The one cap on what recording keeps, per app and platform: install IDs, versions, builds and
/// OS versions are whatever a request says, so a client that makes them up could otherwise grow
/// storage, and the groups every impact reads, without bound. Past it, a sighting of a new install,
/// or one that would start a group the app and platform don't keep, is dropped and counted (in
/// `launchgate_install_sightings_capped_total` and in the refusals the publish guard reads);
/// installs and groups already kept go on updating, so real users are still counted.
///
/// Per platform, so a flood on one platform neither refuses nor casts doubt on another's installs.
public struct InstallLimits: Sendable, Hashable {
    /// The most installs kept per app and platform.
    public var installsPerAppPlatform: Int
    /// The most distinct (version, build, OS) groups kept per app and platform over the retention
    /// window: a group takes its room once, from its first sighting until it ages out, however
    /// many days it is seen on. It bounds the groups an impact reads per platform.
    public var groupsPerAppPlatform: Int
    /// Groups past ``groupsPerAppPlatform`` kept for versions a policy names (latest,
    /// recommended, required, blocked), so a platform filled with made-up groups still counts
    /// the releases an operator acts on.
    public var reservedGroups: Int
    /// Groups past the cap kept for the release shipped before the policy names it (a version
    /// above its latest), for the versions ``NextReleaseRoom`` lets in.
    public var nextReleaseGroups: Int

    /// Creates limits.
    /// - Parameters:
    ///   - installsPerAppPlatform: Default 5,000,000: twice the retention window of a very popular app.
    ///   - groupsPerAppPlatform: Default 20,000, as many as an impact evaluates per platform: a
    ///     real app keeps a few thousand over 90 days at most.
    ///   - reservedGroups: Default 1,000: a few named versions on every build and OS version in use.
    ///   - nextReleaseGroups: Default 100: two releases on the builds and OS versions of their first days.
    public init(installsPerAppPlatform: Int = 5_000_000, groupsPerAppPlatform: Int = 20_000, reservedGroups: Int = 1_000,
                nextReleaseGroups: Int = 100) {
        self.installsPerAppPlatform = installsPerAppPlatform
        self.groupsPerAppPlatform = groupsPerAppPlatform
        self.reservedGroups = max(reservedGroups, 0)
        self.nextReleaseGroups = max(nextReleaseGroups, 0)
    }

    /// The most groups kept per app and platform: the cap and its reserves. Named versions may
    /// use all of it past the cap; the next release at most ``nextReleaseGroups``.
    public var keptGroups: Int { groupsPerAppPlatform + reservedGroups + nextReleaseGroups }
}
