import Foundation
import LaunchGate

/// The shapes that apps already in the field parse, rendered from a canonical policy.
///
/// Each is exactly what its seed's client reads, with every key it needs present, since those
/// clients treat a missing key as "no update". The SDK's readers read them back (tested).
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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        switch self {
        case .minimumSupportedVersion:
            var minimums: [String: String] = [:]
            for (platform, entry) in policy.platforms {
                if let version = entry.required?.version { minimums["min_supported_version_\(platform.rawValue)"] = version.description }
            }
            return try? encoder.encode(minimums)
        case .latestBuild:
            guard let entry = policy.policy(for: platform) else { return nil }
            // Seed 000's client blocks every build below latest_build: that is our required build.
            let build = entry.required?.build?.components.first ?? 0
            return try? encoder.encode(LatestBuild(latestBuild: build, testflightURL: entry.updateURL?.absoluteString ?? ""))
        case .versionLockout:
            guard let entry = policy.policy(for: platform) else { return nil }
            let required = entry.required?.version?.description ?? "0.0.0"
            return try? encoder.encode(VersionLockout(
                recommendedVersion: entry.recommended?.version?.description ?? required, requiredVersion: required,
                updateUrl: entry.updateURL?.absoluteString ?? "", eol: entry.endOfLife != nil, message: entry.endOfLife?.message ?? ""))
        case .versionJSON:
            guard let entry = policy.policy(for: platform), let latest = entry.latest, let version = latest.version else { return nil }
            return try? encoder.encode(VersionJSON(
                latestVersion: version.description, releaseDate: latest.releaseDate.map { Self.day($0) },
                releaseNotes: latest.notes, updateUrl: entry.updateURL?.absoluteString))
        }
    }

    /// What an exempt install sees: the same shape, saying that no version is too old and none
    /// is newer, so its client shows nothing. Keeps `issuedAt` and the update URLs.
    /// - Parameters:
    ///   - policy: The canonical policy.
    ///   - platform: The platform, for single-platform shapes.
    /// - Returns: JSON bytes.
    public func renderUpToDate(_ policy: UpdatePolicy, platform: Platform) -> Data? {
        var platforms: [Platform: PlatformPolicy] = [:]
        for each in Set(policy.platforms.keys).union([platform]) {
            platforms[each] = PlatformPolicy(latest: Release(version: "0.0.0"), required: VersionRequirement(version: "0.0.0"),
                                             updateURL: policy.policy(for: each)?.updateURL)
        }
        return render(UpdatePolicy(app: policy.app, issuedAt: policy.issuedAt, platforms: platforms), platform: platform)
    }

    private static func day(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
    }

    private struct LatestBuild: Encodable {
        let latestBuild: Int
        let testflightURL: String
        enum CodingKeys: String, CodingKey { case latestBuild = "latest_build", testflightURL = "testflight_url" }
    }

    private struct VersionLockout: Encodable {
        let recommendedVersion: String
        let requiredVersion: String
        let updateUrl: String
        let eol: Bool
        let message: String
    }

    private struct VersionJSON: Encodable {
        let latestVersion: String
        let releaseDate: String?
        let releaseNotes: String?
        let updateUrl: String?
    }
}
