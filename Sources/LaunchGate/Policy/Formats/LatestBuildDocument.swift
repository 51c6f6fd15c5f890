import Foundation

/// Seed 000's `GET /api/version` answer: `{"latest_build": 42, "testflight_url": "https://…"}`.
///
/// Its client blocks every build below `latest_build`, so the build is both the latest release
/// and the required minimum. It re-checks on every return to the foreground (refresh 0).
struct LatestBuildDocument: Decodable {
    let latestBuild: BuildNumber
    let testflightURL: String?

    enum CodingKeys: String, CodingKey {
        case latestBuild = "latest_build"
        case testflightURL = "testflight_url"
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
}
