import Foundation

/// A `version.json` file, as LaunchGate defines it (see `docs/policy-format.md`):
/// `{"latestVersion": "1.3.0", "releaseDate": "2026-01-06", "releaseNotes": "…", "updateUrl": "https://…"}`,
/// in camelCase or snake_case, read and rendered here and nowhere else. It only ever offers a
/// dismissable banner.
@_spi(LaunchGateServer) public struct VersionJSONDocument: Decodable, Sendable {
    static let markerKeys: Set<String> = ["latestVersion", "latest_version"]
    let latestVersion: AppVersion
    let releaseDate: Date?
    let releaseNotes: String?
    let updateURL: String?

    private enum CodingKeys: String, CodingKey {
        case latestVersion, releaseDate, releaseNotes, updateUrl
        case latestSnake = "latest_version", dateSnake = "release_date", notesSnake = "release_notes", urlSnake = "update_url"
    }

    /// Decodes either spelling; camelCase wins when both are present.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let version = try container.decodeIfPresent(AppVersion.self, forKey: .latestVersion) {
            latestVersion = version
        } else {
            latestVersion = try container.decode(AppVersion.self, forKey: .latestSnake)
        }
        releaseDate = try container.decodeIfPresent(Date.self, forKey: .releaseDate)
            ?? container.decodeIfPresent(Date.self, forKey: .dateSnake)
        releaseNotes = try container.decodeIfPresent(String.self, forKey: .releaseNotes)
            ?? container.decodeIfPresent(String.self, forKey: .notesSnake)
        updateURL = try container.decodeIfPresent(String.self, forKey: .updateUrl)
            ?? container.decodeIfPresent(String.self, forKey: .urlSnake)
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

    /// Renders the camelCase form: the latest version, and the release day (UTC), notes and URL when set.
    /// - Parameters:
    ///   - policy: The canonical policy.
    ///   - platform: The platform asked about.
    /// - Returns: JSON bytes, or `nil` when the platform has no latest version.
    public static func render(_ policy: UpdatePolicy, platform: Platform) -> Data? {
        guard let entry = policy.policy(for: platform), let latest = entry.latest, let version = latest.version else { return nil }
        return try? SeedRendering.encoder.encode(Rendered(
            latestVersion: version.description, releaseDate: latest.releaseDate.map(SeedRendering.day),
            releaseNotes: latest.notes, updateUrl: entry.updateURL?.absoluteString))
    }

    private struct Rendered: Encodable {
        let latestVersion: String
        let releaseDate: String?
        let releaseNotes: String?
        let updateUrl: String?
    }

    func policy(for platform: Platform) throws -> UpdatePolicy {
        let release = Release(version: latestVersion, releaseDate: releaseDate, notes: releaseNotes)
        let entry = PlatformPolicy(latest: release, updateURL: try PolicyReader.url(updateURL, field: "updateUrl"))
        return UpdatePolicy(platforms: [platform: entry])
    }
}
