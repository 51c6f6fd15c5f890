import Foundation

/// VersionLockout's document, in camelCase or snake_case:
/// `{"recommendedVersion", "requiredVersion", "updateUrl", "eol", "message"}`, read and rendered
/// here and nowhere else.
@_spi(LaunchGateServer) public struct VersionLockoutDocument: Decodable, Sendable {
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

    /// Decodes either spelling; camelCase wins when both are present.
    public init(from decoder: any Decoder) throws {
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

    /// Reads the document.
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - platform: The platform it describes.
    /// - Returns: The canonical policy.
    /// - Throws: ``PolicyError`` naming the field and the problem.
    public static func read(_ data: Data, platform: Platform = .ios) throws -> UpdatePolicy {
        try PolicyJSON.decode(Self.self, from: data).policy(for: platform)
    }

    /// Renders the camelCase form with every key present, since VersionLockout treats a missing
    /// key as "no update": the recommended version falls back to the required one, which falls
    /// back to 0.0.0, and the URL and message to "".
    /// - Parameters:
    ///   - policy: The canonical policy.
    ///   - platform: The platform asked about.
    /// - Returns: JSON bytes, or `nil` when the policy says nothing about the platform.
    public static func render(_ policy: UpdatePolicy, platform: Platform) -> Data? {
        guard let entry = policy.policy(for: platform) else { return nil }
        let required = entry.required?.version?.description ?? "0.0.0"
        return try? SeedRendering.encoder.encode(Rendered(
            recommendedVersion: entry.recommended?.version?.description ?? required, requiredVersion: required,
            updateUrl: entry.updateURL?.absoluteString ?? "", eol: entry.endOfLife != nil, message: entry.endOfLife?.message ?? ""))
    }

    private struct Rendered: Encodable {
        let recommendedVersion: String
        let requiredVersion: String
        let updateUrl: String
        let eol: Bool
        let message: String
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
