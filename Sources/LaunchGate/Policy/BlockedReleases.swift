/// Known-bad versions and builds that must update even when they are above the minimum.
public struct BlockedReleases: Sendable, Hashable, Codable {
    /// Blocked marketing versions, matched by precedence (`1.2` matches `1.2.0`).
    public var versions: [AppVersion]
    /// Blocked build numbers.
    public var builds: [BuildNumber]

    /// Creates a block list.
    /// - Parameters:
    ///   - versions: Versions to block.
    ///   - builds: Builds to block.
    public init(versions: [AppVersion] = [], builds: [BuildNumber] = []) {
        self.versions = versions
        self.builds = builds
    }

    private enum CodingKeys: String, CodingKey { case versions, builds }

    /// Decodes a block list; both lists are optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        versions = try container.decodeIfPresent([AppVersion].self, forKey: .versions) ?? []
        builds = try container.decodeIfPresent([BuildNumber].self, forKey: .builds) ?? []
    }

    /// Whether an installed app is on the list.
    /// - Parameters:
    ///   - version: The installed version.
    ///   - build: The installed build, if known.
    /// - Returns: `true` when the version or the build is blocked.
    public func contains(version: AppVersion, build: BuildNumber?) -> Bool {
        if versions.contains(version) { return true }
        guard let build else { return false }
        return builds.contains(build)
    }

    /// Whether nothing is blocked.
    public var isEmpty: Bool { versions.isEmpty && builds.isEmpty }
}
