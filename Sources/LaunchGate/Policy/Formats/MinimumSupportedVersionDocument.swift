import Foundation

/// A remote config's minimum versions: `{"min_supported_version_ios": "10.10.5", "min_supported_version_android": "3.1"}`,
/// read and rendered here and nowhere else.
///
/// Keys for platforms LaunchGate does not know (say `_web`) are ignored rather than refused,
/// because this document is usually a shared app config with other keys in it.
@_spi(LaunchGateServer) public struct MinimumSupportedVersionDocument: Sendable {
    static let keyPrefix = "min_supported_version_"
    let minimums: [Platform: AppVersion]

    init(object: [String: Any]) throws {
        var minimums: [Platform: AppVersion] = [:]
        for (key, value) in object where key.hasPrefix(Self.keyPrefix) {
            guard let platform = Platform(rawValue: String(key.dropFirst(Self.keyPrefix.count))) else { continue }
            guard let text = value as? String else {
                throw PolicyError(.invalidValue, field: key, "expected a version string such as \"10.10.5\"")
            }
            minimums[platform] = try PolicyReader.version(text, field: key)
        }
        guard !minimums.isEmpty else {
            throw PolicyError(.empty, "no min_supported_version_<platform> key names a known platform")
        }
        self.minimums = minimums
    }

    /// Reads the document.
    /// - Parameter data: The document's bytes.
    /// - Returns: The canonical policy, with a required version per platform named.
    /// - Throws: ``PolicyError`` naming the field and the problem.
    public static func read(_ data: Data) throws -> UpdatePolicy {
        try Self(object: PolicyReader.object(from: data)).policy()
    }

    /// Renders every platform's required version as `min_supported_version_<platform>`.
    /// - Parameters:
    ///   - policy: The canonical policy.
    ///   - platform: Unused: this document covers every platform; kept so every seed renders alike.
    /// - Returns: JSON bytes (`{}` when no platform has a required version).
    public static func render(_ policy: UpdatePolicy, platform: Platform) -> Data? {
        var minimums: [String: String] = [:]
        for (platform, entry) in policy.platforms {
            if let version = entry.required?.version { minimums[keyPrefix + platform.rawValue] = version.description }
        }
        return try? SeedRendering.encoder.encode(minimums)
    }

    func policy() -> UpdatePolicy {
        UpdatePolicy(platforms: minimums.mapValues { PlatformPolicy(required: VersionRequirement(version: $0)) })
    }
}
