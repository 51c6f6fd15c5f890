/// What one ``InstallRepository/record(_:limits:)`` left out, by the part of ``InstallLimits`` that was full.
public struct InstallRecordResult: Sendable, Hashable {
    /// Sightings of installs storage did not hold, left out because their app and platform kept
    /// ``InstallLimits/installsPerAppPlatform`` installs.
    public var overInstallCap = 0
    /// Sightings that would have started a group their app and platform did not keep, left out
    /// because they kept ``InstallLimits/groupsPerAppPlatform`` groups.
    public var overGroupCap = 0
    /// Sightings that would have added an install or started a group beyond their client's
    /// quota for the day (``ClientQuotas``).
    public var overClientQuota = 0

    /// Sightings left out by the cap.
    public var left: Int { overInstallCap + overGroupCap + overClientQuota }
}
