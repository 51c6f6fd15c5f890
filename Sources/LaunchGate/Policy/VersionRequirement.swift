/// A version, a build, or both, that an installed app is measured against.
///
/// With only a version, builds are ignored. With only a build (`/api/version`'s `latest_build`),
/// versions are ignored. With both, the version decides and the build breaks a tie, because
/// builds usually restart with each marketing version.
public struct VersionRequirement: Sendable, Hashable, Codable {
    /// The version to measure against.
    public var version: AppVersion?
    /// The build to measure against.
    public var build: BuildNumber?

    /// Creates a requirement.
    /// - Parameters:
    ///   - version: The version, if the gate looks at versions.
    ///   - build: The build, if the gate looks at builds.
    public init(version: AppVersion? = nil, build: BuildNumber? = nil) {
        self.version = version
        self.build = build
    }

    /// Whether an installed app is below this gate.
    ///
    /// An unknown installed build never counts as below a build-only gate: the SDK fails open
    /// rather than blocking on information it does not have.
    /// - Parameters:
    ///   - installed: The installed version (the `version:` argument).
    ///   - installedBuild: The installed build, if known (the `build:` argument).
    /// - Returns: `true` when the installed app is older than the gate.
    public func isAbove(version installed: AppVersion, build installedBuild: BuildNumber?) -> Bool {
        if let version, installed != version { return installed < version }
        guard let build, let installedBuild else { return false }
        return installedBuild < build
    }

    /// Whether an installed app is newer than this gate (an App Review or TestFlight build).
    /// - Parameters:
    ///   - installed: The installed version (the `version:` argument).
    ///   - installedBuild: The installed build, if known (the `build:` argument).
    /// - Returns: `true` when the installed app is strictly newer.
    public func isBelow(version installed: AppVersion, build installedBuild: BuildNumber?) -> Bool {
        if let version, installed != version { return installed > version }
        guard let build, let installedBuild else { return false }
        return installedBuild > build
    }

    /// Whether the gate names anything at all.
    public var isEmpty: Bool { version == nil && build == nil }
}
