import Foundation

extension AppVersion {
    /// Reads a version as apps really ship it.
    ///
    /// Accepts `2`, `2.4`, `10.10.5`, `2.4.1.7`, a leading `v` or `=`, surrounding spaces,
    /// `2.0.0-beta.2`, `1.0.0+45` and `1.0.3 (6)`.
    /// - Parameter text: The version string, for example `CFBundleShortVersionString`.
    /// - Throws: ``VersionParseError`` naming the problem; never a silent `0.0.0`.
    public init(parsing text: String) throws {
        // Parsed as ASCII bytes: every valid version is ASCII, and this runs for each version of
        // a cached policy at launch, so it avoids Foundation's Unicode-aware string APIs.
        // Spaces don't count towards the limit: `description` writes `1.0.3 (6)` with one, so a
        // version that fits written tightly must fit written back (the fuzzer found 256 bytes
        // that came back as 257). The total is still bounded, so the work is.
        let all = Array(text.utf8.prefix(Self.maximumLength * 4 + 1))
        guard all.count <= Self.maximumLength * 4, all.lazy.filter({ !VersionBytes.isSpace($0) }).count <= Self.maximumLength else {
            throw VersionParseError(.tooLong, input: text, "longer than \(Self.maximumLength) characters")
        }
        var rest = VersionBytes.trimmed(all[...])
        guard !rest.isEmpty else { throw VersionParseError(.empty, input: text, "it is empty") }

        var build: BuildNumber?
        if rest.last == UInt8(ascii: ")"), let open = rest.lastIndex(of: UInt8(ascii: "(")) {
            let inner = VersionBytes.trimmed(rest[(open + 1)..<(rest.endIndex - 1)])
            guard !inner.isEmpty else {
                throw VersionParseError(.invalidBuild, input: text, "the build in parentheses is empty")
            }
            do { build = BuildNumber(components: try VersionBytes.numbers(inner, input: text)) } catch let error as VersionParseError {
                throw VersionParseError(.invalidBuild, input: text, "the build in parentheses is invalid: \(error.reason)")
            }
            rest = VersionBytes.trimmed(rest[..<open])
        }
        if let first = rest.first, first == UInt8(ascii: "v") || first == UInt8(ascii: "V") || first == UInt8(ascii: "=") {
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty else { throw VersionParseError(.empty, input: text, "it has no version number") }

        var metadata: [String] = []
        if let plus = rest.firstIndex(of: UInt8(ascii: "+")) {
            metadata = try VersionBytes.identifiers(rest[(plus + 1)...], kind: "build metadata", input: text)
            rest = rest[..<plus]
        }
        var prerelease: [PrereleaseIdentifier] = []
        if let dash = rest.firstIndex(of: UInt8(ascii: "-")) {
            prerelease = try VersionBytes.identifiers(rest[(dash + 1)...], kind: "pre-release", input: text)
                .map { try Self.prereleaseIdentifier($0, input: text) }
            rest = rest[..<dash]
        }
        guard !rest.isEmpty else {
            throw VersionParseError(.notNumeric, input: text, "it must start with a number, as in 1.2.3")
        }
        let components = try VersionBytes.numbers(rest, input: text)
        self.init(components, prerelease: prerelease, buildMetadata: metadata, build: build)
    }

    private static func prereleaseIdentifier(_ text: String, input: String) throws -> PrereleaseIdentifier {
        guard text.utf8.allSatisfy(VersionBytes.isDigit) else { return .alphanumeric(text) }
        // SemVer §9 forbids leading zeros here, unlike release components.
        guard text == "0" || !text.hasPrefix("0") else {
            throw VersionParseError(.invalidIdentifier, input: input, "the pre-release number \(text) has a leading zero")
        }
        guard let value = Int(text) else {
            throw VersionParseError(.outOfRange, input: input, "the pre-release number \(text.prefix(32)) is too large")
        }
        return .numeric(value)
    }
}

extension AppVersion: ExpressibleByStringLiteral {
    /// A version written in source; an invalid literal is a programmer error and traps.
    public init(stringLiteral value: String) {
        do { try self.init(parsing: value) } catch { preconditionFailure("\(error)") }
    }
}

extension AppVersion: Codable {
    /// Decodes a version from a JSON string, failing with the parser's message.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do { try self.init(parsing: text) } catch let error as VersionParseError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the version as its canonical string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
