import Foundation
import LaunchGate

/// One (platform, version, build, OS) group of a window as the impact of a policy reads it: the
/// installs seen before today, and of them the established ones.
public struct ImpactGroupCount: Sendable, Hashable {
    /// The platform.
    public var platform: Platform
    /// The marketing version.
    public var version: String
    /// The build, `""` when unknown.
    public var build: String
    /// The OS version, `""` when unknown.
    public var os: String
    /// Installs of the window, less those first seen today and seen on no other day.
    public var installs: Int
    /// Of them, installs seen on two sightings at least a day apart.
    public var established: Int

    /// Creates a count.
    public init(platform: Platform, version: String, build: String, os: String, installs: Int, established: Int) {
        self.platform = platform
        self.version = version
        self.build = build
        self.os = os
        self.installs = installs
        self.established = established
    }
}
