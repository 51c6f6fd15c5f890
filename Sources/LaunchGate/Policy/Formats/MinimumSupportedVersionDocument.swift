import Foundation

/// Seed 001's config: `{"min_supported_version_ios": "10.10.5", "min_supported_version_android": "3.1"}`.
///
/// Keys for platforms LaunchGate does not know (say `_web`) are ignored rather than refused,
/// because this document is usually a shared app config with other keys in it.
struct MinimumSupportedVersionDocument {
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

    func policy() -> UpdatePolicy {
        UpdatePolicy(platforms: minimums.mapValues { PlatformPolicy(required: VersionRequirement(version: $0)) })
    }
}
