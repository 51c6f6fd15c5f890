import Foundation

extension AppVersion {
    /// Reads a version as apps really ship it.
    ///
    /// Accepts `2`, `2.4`, `10.10.5`, `2.4.1.7`, a leading `v` or `=`, surrounding spaces,
    /// `2.0.0-beta.2`, `1.0.0+45` and `1.0.3 (6)`.
    /// - Parameter text: The version string, for example `CFBundleShortVersionString`.
    /// - Throws: ``VersionParseError`` naming the problem; never a silent `0.0.0`.
    public init(parsing text: String) throws {
        guard text.utf8.count <= Self.maximumLength else {
            throw VersionParseError(.tooLong, input: text, "longer than \(Self.maximumLength) characters")
        }
        var rest = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !rest.isEmpty else { throw VersionParseError(.empty, input: text, "it is empty") }

        var build: BuildNumber?
        if rest.hasSuffix(")"), let open = rest.lastIndex(of: "(") {
            let inner = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
            do { build = try BuildNumber(parsing: String(inner)) } catch let error as VersionParseError {
                throw VersionParseError(.invalidBuild, input: text, "the build in parentheses is invalid: \(error.reason)")
            }
            rest = Substring(rest[..<open].trimmingCharacters(in: .whitespaces))
        }
        if let first = rest.first, first == "v" || first == "V" || first == "=" { rest = rest.dropFirst() }
        guard !rest.isEmpty else { throw VersionParseError(.empty, input: text, "it has no version number") }

        var metadata: [String] = []
        if let plus = rest.firstIndex(of: "+") {
            metadata = try Self.identifiers(rest[rest.index(after: plus)...], kind: "build metadata", input: text)
            rest = rest[..<plus]
        }
        var prerelease: [PrereleaseIdentifier] = []
        if let dash = rest.firstIndex(of: "-") {
            prerelease = try Self.identifiers(rest[rest.index(after: dash)...], kind: "pre-release", input: text)
                .map { try Self.prereleaseIdentifier($0, input: text) }
            rest = rest[..<dash]
        }
        guard !rest.isEmpty else {
            throw VersionParseError(.notNumeric, input: text, "it must start with a number, as in 1.2.3")
        }
        let components = try Self.numbers(rest, input: text)
        self.init(components, prerelease: prerelease, buildMetadata: metadata, build: build)
    }

    /// Dot-separated numbers, as in a release or a build; leading zeros are allowed (`2022.08.25`).
    static func numbers(_ text: Substring, input: String) throws -> [Int] {
        try text.split(separator: ".", omittingEmptySubsequences: false).map { part in
            guard !part.isEmpty else {
                throw VersionParseError(.emptyComponent, input: input, "a component between dots is empty")
            }
            guard part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                throw VersionParseError(.notNumeric, input: input, "\"\(part.prefix(32))\" is not a number")
            }
            guard let value = Int(part) else {
                throw VersionParseError(.outOfRange, input: input, "\(part.prefix(32)) is too large")
            }
            return value
        }
    }

    private static func identifiers(_ text: Substring, kind: String, input: String) throws -> [String] {
        try text.split(separator: ".", omittingEmptySubsequences: false).map { part in
            guard !part.isEmpty else {
                throw VersionParseError(.invalidIdentifier, input: input, "the \(kind) has an empty identifier")
            }
            let allowed = part.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
            }
            guard allowed else {
                throw VersionParseError(.invalidIdentifier, input: input,
                                        "the \(kind) \"\(part.prefix(32))\" may hold only letters, digits and hyphens")
            }
            return String(part)
        }
    }

    private static func prereleaseIdentifier(_ text: String, input: String) throws -> PrereleaseIdentifier {
        guard text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return .alphanumeric(text) }
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
