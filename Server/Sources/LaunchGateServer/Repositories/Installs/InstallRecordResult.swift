/// What one ``InstallRepository/record(_:limits:)`` kept and left out.
public struct InstallRecordResult: Sendable, Hashable {
    /// Sightings of installs storage did not hold, left out because their app had
    /// ``InstallLimits/installsPerApp`` installs.
    public var overInstallCap: Int
    /// Sightings that would have started a group, left out because their app had
    /// ``InstallLimits/groupsPerAppPerDay`` groups that day.
    public var overGroupCap: Int

    /// Creates a result.
    public init(overInstallCap: Int = 0, overGroupCap: Int = 0) {
        self.overInstallCap = overInstallCap
        self.overGroupCap = overGroupCap
    }
}
