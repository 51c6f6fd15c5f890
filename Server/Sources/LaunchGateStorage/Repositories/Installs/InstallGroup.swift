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
}
