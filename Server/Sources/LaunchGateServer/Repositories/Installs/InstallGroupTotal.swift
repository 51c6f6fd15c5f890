import Foundation
import LaunchGate

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
