import Foundation

/// Reads any supported document into the canonical ``UpdatePolicy``.
///
/// ```swift
/// let policy = try PolicyReader.read(data)                                   // detect the format
/// let lockout = try PolicyReader.read(data, format: .versionLockout, platform: .android)
/// ```
@_spi(LaunchGateServer) public enum PolicyReader {
    /// The largest document accepted; policies are a few kilobytes.
    public static let maximumSize = 256 * 1024

    /// Reads a document.
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - format: The format, or `nil` to detect it from the keys.
    ///   - platform: For single-platform formats (`/api/version`, VersionLockout, version.json and the App Store), the
    ///     platform the document describes.
    /// - Returns: The canonical policy.
    /// - Throws: ``PolicyError`` naming the field and the problem.
    public static func read(_ data: Data, format: PolicyFormat? = nil, platform: Platform = .ios) throws -> UpdatePolicy {
        guard data.count <= maximumSize else {
            throw PolicyError(.malformedJSON, "the document is \(data.count) bytes; the limit is \(maximumSize)")
        }
        let format = try format ?? PolicyFormat.detect(in: data)
        switch format {
        case .canonical:
            return try UpdatePolicy(json: data)
        case .latestBuild:
            return try LatestBuildDocument.read(data, platform: platform)
        case .minimumSupportedVersion:
            return try MinimumSupportedVersionDocument.read(data)
        case .versionLockout:
            return try VersionLockoutDocument.read(data, platform: platform)
        case .versionJSON:
            return try VersionJSONDocument.read(data, platform: platform)
        case .appStoreLookup:
            return try PolicyJSON.decode(AppStoreLookupDocument.self, from: data).policy(for: platform)
        }
    }

    static func object(from data: Data) throws -> [String: Any] {
        guard let value = try? JSONSerialization.jsonObject(with: data), let object = value as? [String: Any] else {
            throw PolicyError(.malformedJSON, "the document is not a JSON object")
        }
        return object
    }

    /// Parses a URL field the way every reader does, with a message naming the field.
    static func url(_ text: String?, field: String) throws -> URL? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard let url = URL(string: text), url.scheme != nil else {
            throw PolicyError(.invalidValue, field: field, "\"\(text.prefix(80))\" is not a URL")
        }
        return url
    }

    /// Parses a version field, with a message naming the field.
    static func version(_ text: String?, field: String) throws -> AppVersion? {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        do { return try AppVersion(parsing: text) } catch let error as VersionParseError {
            throw PolicyError(.invalidValue, field: field, error.description)
        }
    }
}
