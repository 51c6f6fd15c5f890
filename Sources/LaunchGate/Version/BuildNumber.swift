import Foundation

/// A build number (`CFBundleVersion`): an integer such as `241`, or dotted integers such as `1.4.2`.
///
/// Builds are compared on their own, separately from ``AppVersion``, because a policy may gate
/// on the build alone (as `/api/version`'s `latest_build` does). Missing components count as zero.
public struct BuildNumber: Sendable, Comparable, Hashable, CustomStringConvertible {
    /// The numeric components.
    public let components: [Int]

    /// Creates a single-number build.
    /// - Parameter value: The build number.
    public init(_ value: Int) { components = [value] }

    /// Reads a build number.
    /// - Parameter text: An integer or dotted integers, with optional surrounding spaces.
    /// - Throws: ``VersionParseError`` when the text is empty, not numeric, or too large.
    public init(parsing text: String) throws {
        guard text.utf8.count <= AppVersion.maximumLength else {
            throw VersionParseError(.tooLong, input: text, "longer than \(AppVersion.maximumLength) characters")
        }
        let trimmed = VersionBytes.trimmed(Array(text.utf8)[...])
        guard !trimmed.isEmpty else { throw VersionParseError(.empty, input: text, "the build number is empty") }
        components = try VersionBytes.numbers(trimmed, input: text)
    }

    init(components: [Int]) { self.components = components.isEmpty ? [0] : components }

    /// The components joined by dots.
    public var description: String { components.map(String.init).joined(separator: ".") }

    /// Equal when equal after padding with zeros (`12 == 12.0`).
    public static func == (lhs: Self, rhs: Self) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    /// Component by component, as numbers.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        for index in 0..<max(lhs.components.count, rhs.components.count) {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    /// Hashes the components without trailing zeros, consistent with equality.
    public func hash(into hasher: inout Hasher) {
        var significant = components[...]
        while significant.count > 1, significant.last == 0 { significant = significant.dropLast() }
        hasher.combine(Array(significant))
    }
}

extension BuildNumber: Codable {
    /// Decodes a build from a JSON integer or string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            guard number >= 0 else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a build number can't be negative")
            }
            self.init(number)
            return
        }
        let text = try container.decode(String.self)
        do { try self.init(parsing: text) } catch let error as VersionParseError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes a one-part build as a JSON integer, a dotted one as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if components.count == 1 { try container.encode(components[0]) } else { try container.encode(description) }
    }
}
