import Foundation
@_spi(LaunchGateServer) import LaunchGate

/// The shapes that apps already in the field parse, rendered from a canonical policy.
///
/// Each shape is read and rendered by one type in the SDK (`LatestBuildDocument`,
/// `MinimumSupportedVersionDocument`, `VersionLockoutDocument`, `VersionJSONDocument`); this
/// enum only names them for the routes and `export`, so nothing is written twice.
public enum SeedDocument: String, Sendable, CaseIterable {
    /// Seed 000, `GET /api/version`: `{"latest_build": 42, "testflight_url": "…"}`.
    case latestBuild
    /// Seed 001's config: `{"min_supported_version_ios": "10.10.5", …}`.
    case minimumSupportedVersion
    /// Seed 003, VersionLockout: `{"recommendedVersion", "requiredVersion", "updateUrl", "eol", "message"}`.
    case versionLockout
    /// Seed 004's `version.json`: `{"latestVersion", "releaseDate", "releaseNotes", "updateUrl"}`.
    case versionJSON

    /// Renders the document.
    /// - Parameters:
    ///   - policy: The canonical policy.
    ///   - platform: The platform, for single-platform shapes.
    /// - Returns: JSON bytes, or `nil` when the policy has nothing this shape can say
    ///   (no platform entry, or no latest version for version.json).
    public func render(_ policy: UpdatePolicy, platform: Platform) -> Data? {
        switch self {
        case .latestBuild: LatestBuildDocument.render(policy, platform: platform)
        case .minimumSupportedVersion: MinimumSupportedVersionDocument.render(policy, platform: platform)
        case .versionLockout: VersionLockoutDocument.render(policy, platform: platform)
        case .versionJSON: VersionJSONDocument.render(policy, platform: platform)
        }
    }
}
