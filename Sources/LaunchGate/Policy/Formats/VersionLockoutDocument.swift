import Foundation

/// Seed 003, VersionLockout's document, in camelCase or snake_case:
/// `{"recommendedVersion", "requiredVersion", "updateUrl", "eol", "message"}`.
struct VersionLockoutDocument: Decodable {
    static let markerKeys: Set<String> = [
        "recommendedVersion", "requiredVersion", "updateUrl", "eol",
        "recommended_version", "required_version", "update_url",
    ]
    let recommended: AppVersion?
    let required: AppVersion?
    let updateURL: String?
    let eol: Bool
    let message: String?

    private enum CodingKeys: String, CodingKey {
        case recommendedVersion, requiredVersion, updateUrl, eol, message
        case recommendedSnake = "recommended_version", requiredSnake = "required_version", updateSnake = "update_url"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        recommended = try container.decodeIfPresent(AppVersion.self, forKey: .recommendedVersion)
            ?? container.decodeIfPresent(AppVersion.self, forKey: .recommendedSnake)
        required = try container.decodeIfPresent(AppVersion.self, forKey: .requiredVersion)
            ?? container.decodeIfPresent(AppVersion.self, forKey: .requiredSnake)
        updateURL = try container.decodeIfPresent(String.self, forKey: .updateUrl)
            ?? container.decodeIfPresent(String.self, forKey: .updateSnake)
        eol = try container.decodeIfPresent(Bool.self, forKey: .eol) ?? false
        message = try container.decodeIfPresent(String.self, forKey: .message)
    }

    func policy(for platform: Platform) throws -> UpdatePolicy {
        let entry = PlatformPolicy(
            required: required.map { VersionRequirement(version: $0) },
            recommended: recommended.map { VersionRequirement(version: $0) },
            endOfLife: eol ? EndOfLife(message: message) : nil,
            updateURL: try PolicyReader.url(updateURL, field: "updateUrl")
        )
        return UpdatePolicy(platforms: [platform: entry])
    }
}
