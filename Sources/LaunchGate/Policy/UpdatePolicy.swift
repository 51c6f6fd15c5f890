import Foundation

/// LaunchGate's canonical policy document, format version 1 (see `docs/policy-format.md`).
///
/// ```swift
/// let policy = try UpdatePolicy(json: data)            // canonical JSON
/// let issues = policy.validate()                        // [] when publishable
/// ```
///
/// The formats apps already use (`/api/version`, `min_supported_version_<platform>`, VersionLockout,
/// version.json, the App Store lookup) are read into this same type by ``PolicyFetcher`` and
/// ``UpdateMonitor``: set ``PolicySource/format`` or let them detect it.
///
/// ```swift
/// let source = PolicySource(url: legacyURL, format: .versionLockout)
/// ```
public struct UpdatePolicy: Sendable, Hashable {
    /// The format version this SDK reads and writes.
    public static let schemaVersion = 1

    /// The app the policy belongs to, such as a bundle identifier; informational.
    public var app: String?
    /// When the policy was issued; signed policies older than the cached one are refused.
    public var issuedAt: Date?
    /// What the document was issued for; signed documents must carry it (see ``PolicySubject``).
    public var subject: PolicySubject?
    /// Installs and devices that always see "up to date"; `nil` when none are listed.
    public var exemptions: PolicyExemptions?
    /// The policy for each platform.
    public var platforms: [Platform: PlatformPolicy]

    /// Creates a policy.
    /// - Parameters:
    ///   - app: The app's identifier.
    ///   - issuedAt: When it was issued.
    ///   - subject: What the document was issued for; `nil` for unsigned and seed documents.
    ///   - platforms: The policy per platform.
    ///   - exemptions: Hashed installs and devices that always see "up to date".
    public init(app: String? = nil, issuedAt: Date? = nil, subject: PolicySubject? = nil,
                exemptions: PolicyExemptions? = nil, platforms: [Platform: PlatformPolicy] = [:]) {
        self.app = app
        self.issuedAt = issuedAt
        self.subject = subject
        self.exemptions = exemptions
        self.platforms = platforms
    }

    /// The policy for one platform. iPadOS falls back to iOS when it has no entry of its own,
    /// since most apps ship one binary for both.
    /// - Parameter platform: The platform asked about.
    /// - Returns: Its policy, or `nil` when the document says nothing about it.
    public func policy(for platform: Platform) -> PlatformPolicy? {
        if let policy = platforms[platform] { return policy }
        return platform == .ipados ? platforms[.ios] : nil
    }

    /// The same policy with only what one platform reads, filed under that platform.
    /// - Parameter platform: The platform to keep.
    /// - Returns: A policy with at most one entry; everything outside `platforms` is kept.
    public func narrowed(to platform: Platform) -> UpdatePolicy {
        var narrowed = self
        narrowed.platforms = policy(for: platform).map { [platform: $0] } ?? [:]
        return narrowed
    }

    /// Decodes the canonical JSON form.
    /// - Parameter json: The document's bytes.
    /// - Throws: ``PolicyError`` naming the field and the problem.
    public init(json: Data) throws {
        self = try PolicyJSON.decode(UpdatePolicy.self, from: json)
    }

    /// The canonical JSON form, with sorted keys so equal policies give equal bytes.
    /// - Returns: UTF-8 JSON.
    public func jsonData() throws -> Data {
        try PolicyJSON.encoder.encode(self)
    }
}

extension UpdatePolicy: Codable {
    private enum CodingKeys: String, CodingKey { case schemaVersion, app, issuedAt, subject, exemptions, platforms }

    /// Decodes a canonical document, rejecting newer schema versions and unknown platforms.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .schemaVersion)
        guard version == Self.schemaVersion else {
            throw PolicyError(.unsupportedSchemaVersion, field: "schemaVersion",
                              "schemaVersion \(version) is not supported; this SDK reads \(Self.schemaVersion)")
        }
        app = try container.decodeIfPresent(String.self, forKey: .app)
        issuedAt = try container.decodeIfPresent(Date.self, forKey: .issuedAt)
        subject = try container.decodeIfPresent(PolicySubject.self, forKey: .subject)
        exemptions = try container.decodeIfPresent(PolicyExemptions.self, forKey: .exemptions)
        let entries = try container.decode([String: PlatformPolicy].self, forKey: .platforms)
        var platforms: [Platform: PlatformPolicy] = [:]
        for (name, policy) in entries {
            do { platforms[try Platform(validating: name)] = policy } catch let error as PolicyError {
                throw PolicyError(error.code, field: "platforms.\(name.prefix(40))", error.reason)
            }
        }
        self.platforms = platforms
    }

    /// Encodes the canonical document.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schemaVersion, forKey: .schemaVersion)
        try container.encodeIfPresent(app, forKey: .app)
        try container.encodeIfPresent(issuedAt, forKey: .issuedAt)
        try container.encodeIfPresent(subject, forKey: .subject)
        if let exemptions, !exemptions.isEmpty { try container.encode(exemptions, forKey: .exemptions) }
        let entries = Dictionary(uniqueKeysWithValues: platforms.map { ($0.key.rawValue, $0.value) })
        try container.encode(entries, forKey: .platforms)
    }
}
