import Foundation
import LaunchGate

/// One (platform, version, build, OS) group of a window as the impact of a policy reads it: the
/// installs seen before today, the established ones among them, and today's new ones apart.
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
    /// Installs first seen today and seen on no other day, which anyone can make up.
    public var fresh = 0
}
