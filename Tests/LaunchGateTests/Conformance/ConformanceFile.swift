import Foundation
import Testing

/// One file of `conformance/`: its name, what it is for, and how the Swift core makes it.
struct ConformanceFile: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () async throws -> Data

    var testDescription: String { name }

    /// The repository's `conformance/` folder.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("conformance")

    /// Set to `1` to write what the core computes over the committed files, for a deliberate change.
    static let recordVariable = "LAUNCHGATE_RECORD_CONFORMANCE"

    static let all: [ConformanceFile] = [
        ConformanceFile(name: "versions.json") { try encode(ConformanceVersions.make()) },
        ConformanceFile(name: "decisions.json") { try encode(try ConformanceDecisions.make()) },
        ConformanceFile(name: "rollout.json") { try encode(ConformanceRollout.make()) },
        ConformanceFile(name: "throttle.json") { try encode(try ConformanceThrottle.make()) },
        ConformanceFile(name: "signatures.json") { try encode(try await ConformanceSignatures.make(previous: committed("signatures.json"))) },
    ]

    /// Pretty, sorted and with unescaped slashes, so the same vectors are always the same bytes
    /// and a diff shows only what changed.
    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value) + Data("\n".utf8)
    }

    /// The committed file, if there is one.
    static func committed(_ name: String) -> Data? {
        try? Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// Times in the vectors: RFC 3339, UTC, whole seconds.
    static func time(_ text: String) -> Date {
        guard let date = try? Date(text, strategy: .iso8601) else { preconditionFailure("not an RFC 3339 time: \(text)") }
        return date
    }

    static func text(_ date: Date) -> String { date.formatted(.iso8601) }
}

/// Any JSON value, so a vector can carry a policy document as the JSON object it is.
enum JSONValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses JSON text; a vector's document is written as text and kept as the value it parses to.
    init(parsing text: String) {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else {
            preconditionFailure("a conformance document is not JSON: \(text)")
        }
        self = value
    }

    /// The value as compact JSON bytes, with sorted keys: what a client reads from the vector.
    var data: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
