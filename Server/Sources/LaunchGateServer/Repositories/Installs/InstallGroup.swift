import Foundation
import LaunchGate

/// How many installs of an app were last seen on one day running one version, build and OS:
/// what adoption and impact are computed from, so they never read installs one by one.
public struct InstallGroup: Sendable, Hashable, Codable {
    /// The platform.
    public var platform: Platform
    /// The marketing version.
    public var version: String
    /// The build, `""` when unknown.
    public var build: String
    /// The OS version, `""` when unknown.
    public var os: String
    /// The UTC day (days since 1970) the installs were last seen on.
    public var day: Int
    /// How many installs.
    public var installs: Int

    /// Creates a group count.
    public init(platform: Platform, version: String, build: String, os: String, day: Int, installs: Int) {
        self.platform = platform
        self.version = version
        self.build = build
        self.os = os
        self.day = day
        self.installs = installs
    }
}

/// How many installs of an app were last seen running one version, build and OS on any day of
/// a window: ``InstallGroup``s summed by storage, so a report reads one row per group.
public struct InstallGroupTotal: Sendable, Hashable {
    /// The platform.
    public var platform: Platform
    /// The marketing version.
    public var version: String
    /// The build, `""` when unknown.
    public var build: String
    /// The OS version, `""` when unknown.
    public var os: String
    /// How many installs.
    public var installs: Int

    /// Creates a total.
    public init(platform: Platform, version: String, build: String, os: String, installs: Int) {
        self.platform = platform
        self.version = version
        self.build = build
        self.os = os
        self.installs = installs
    }
}

/// How many installs of an app ran one version on one UTC day (each install counted once a day,
/// under the last version it ran that day): the daily rollup behind adoption history.
public struct DailyVersionCount: Sendable, Hashable, Codable {
    /// The platform.
    public var platform: Platform
    /// The marketing version.
    public var version: String
    /// The UTC day, in days since 1970.
    public var day: Int
    /// How many installs.
    public var installs: Int

    /// Creates a daily count.
    public init(platform: Platform, version: String, day: Int, installs: Int) {
        self.platform = platform
        self.version = version
        self.day = day
        self.installs = installs
    }
}
