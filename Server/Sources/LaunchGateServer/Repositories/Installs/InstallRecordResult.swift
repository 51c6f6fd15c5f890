/// What one ``InstallRepository/record(_:limits:)`` kept and left out.
public struct InstallRecordResult: Sendable, Hashable {
    /// Sightings of installs storage did not hold, left out because their app had
    /// ``InstallLimits/installsPerApp`` installs.
    public var overInstallCap: Int
    /// Sightings that would have started a group, left out because their app had
    /// ``InstallLimits/groupsPerAppPerDay`` groups that day.
    public var overGroupCap: Int
    /// Sightings that would have started a group their app and platform had not kept, left out
    /// because it kept ``InstallLimits/groupsPerAppPlatform`` groups already.
    public var overKeptGroupCap: Int

    /// Creates a result.
    public init(overInstallCap: Int = 0, overGroupCap: Int = 0, overKeptGroupCap: Int = 0) {
        self.overInstallCap = overInstallCap
        self.overGroupCap = overGroupCap
        self.overKeptGroupCap = overKeptGroupCap
    }

    /// Sightings left out by any cap.
    public var left: Int { overInstallCap + overGroupCap + overKeptGroupCap }
}
