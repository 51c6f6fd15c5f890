import Foundation

/// The document formats LaunchGate reads: its own, and the ones apps in the field already use.
public enum PolicyFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// LaunchGate's canonical document (`schemaVersion`, `platforms`).
    case canonical
    /// A hand-rolled `GET /api/version`: `{"latest_build": 42, "testflight_url": "https://…"}`, a build-only required update.
    case latestBuild
    /// A remote config: `{"min_supported_version_ios": "10.10.5"}`, and `_android` and the other platforms.
    case minimumSupportedVersion
    /// VersionLockout's document: `recommendedVersion`, `requiredVersion`, `updateUrl`, `eol`, `message`.
    case versionLockout
    /// A `version.json` file: `latestVersion`, `releaseDate`, `releaseNotes`, `updateUrl`.
    case versionJSON
    /// Apple's App Store lookup response (`itunes.apple.com/lookup?bundleId=…`).
    case appStoreLookup

    /// Works out a document's format from its top-level keys.
    /// - Parameter data: The document's bytes.
    /// - Returns: The format.
    /// - Throws: ``PolicyError`` when the bytes are not a JSON object or no format matches.
    public static func detect(in data: Data) throws -> PolicyFormat {
        try detect(keys: Set(PolicyReader.object(from: data).keys))
    }

    static func detect(keys: Set<String>) throws -> PolicyFormat {
        if keys.contains("schemaVersion") || keys.contains("platforms") { return .canonical }
        if keys.contains("latest_build") { return .latestBuild }
        if keys.contains(where: { $0.hasPrefix(MinimumSupportedVersionDocument.keyPrefix) }) { return .minimumSupportedVersion }
        // version.json shares `updateUrl` with VersionLockout, so its distinctive key goes first.
        if !keys.isDisjoint(with: VersionJSONDocument.markerKeys) { return .versionJSON }
        if !keys.isDisjoint(with: VersionLockoutDocument.markerKeys) { return .versionLockout }
        if keys.contains("results") { return .appStoreLookup }
        let shown = keys.sorted().prefix(8).joined(separator: ", ")
        throw PolicyError(.unrecognizedFormat,
            "no known policy format has the keys [\(shown)]; see docs/policy-format.md for the formats LaunchGate reads")
    }
}
