import Foundation

/// Seed 004's `version.json`, as LaunchGate defines it (see `docs/policy-format.md`):
/// `{"latestVersion": "1.3.0", "releaseDate": "2026-01-06", "releaseNotes": "…", "updateUrl": "https://…"}`,
/// in camelCase or snake_case. It only ever offers a dismissable banner.
struct VersionJSONDocument: Decodable {
    static let markerKeys: Set<String> = ["latestVersion", "latest_version"]
    let latestVersion: AppVersion
    let releaseDate: Date?
    let releaseNotes: String?
    let updateURL: String?

    private enum CodingKeys: String, CodingKey {
        case latestVersion, releaseDate, releaseNotes, updateUrl
        case latestSnake = "latest_version", dateSnake = "release_date", notesSnake = "release_notes", urlSnake = "update_url"
    }

    init(from decoder: any Decoder) throws {
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

    func policy(for platform: Platform) throws -> UpdatePolicy {
        let release = Release(version: latestVersion, releaseDate: releaseDate, notes: releaseNotes)
        let entry = PlatformPolicy(latest: release, updateURL: try PolicyReader.url(updateURL, field: "updateUrl"))
        return UpdatePolicy(platforms: [platform: entry])
    }
}
