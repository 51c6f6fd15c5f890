import Foundation

/// The `GET /api/version` answer of a hand-rolled force-update check: `{"latest_build": 42, "testflight_url": "https://…"}`,
/// read and rendered here and nowhere else.
///
/// Its client blocks every build below `latest_build`, so the build is both the latest release
/// and the required minimum. It re-checks on every return to the foreground (refresh 0).
@_spi(LaunchGateServer) public struct LatestBuildDocument: Decodable, Sendable {
    let latestBuild: BuildNumber
    let testflightURL: String?

    enum CodingKeys: String, CodingKey {
        case latestBuild = "latest_build"
        case testflightURL = "testflight_url"
    }

    /// Reads the document.
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - platform: The platform it describes.
    /// - Returns: The canonical policy.
    /// - Throws: ``PolicyError`` naming the field and the problem.
    public static func read(_ data: Data, platform: Platform = .ios) throws -> UpdatePolicy {
        try PolicyJSON.decode(Self.self, from: data).policy(for: platform)
    }

    /// Renders what that check's client reads: the required build (0 when none) and the update URL
    /// ("" when none), both always present, since that client treats a missing key as "no update".
    /// - Parameters:
    ///   - policy: The canonical policy.
    ///   - platform: The platform asked about.
    /// - Returns: JSON bytes, or `nil` when the policy says nothing about the platform.
    public static func render(_ policy: UpdatePolicy, platform: Platform) -> Data? {
        guard let entry = policy.policy(for: platform) else { return nil }
        // Seed 000's client blocks every build below latest_build: that is our required build.
        let build = entry.required?.build?.components.first ?? 0
        return try? SeedRendering.encoder.encode(Rendered(latestBuild: build, testflightURL: entry.updateURL?.absoluteString ?? ""))
    }

    func policy(for platform: Platform) throws -> UpdatePolicy {
        let entry = PlatformPolicy(
            latest: Release(build: latestBuild),
            required: VersionRequirement(build: latestBuild),
            updateURL: try PolicyReader.url(testflightURL, field: "testflight_url"),
            channel: .beta,
            refreshInterval: 0
        )
        return UpdatePolicy(platforms: [platform: entry])
    }

    private struct Rendered: Encodable {
        let latestBuild: Int
        let testflightURL: String
        enum CodingKeys: String, CodingKey { case latestBuild = "latest_build", testflightURL = "testflight_url" }
    }
}
