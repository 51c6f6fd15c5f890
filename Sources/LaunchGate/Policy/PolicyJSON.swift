import Foundation

/// The JSON conventions every LaunchGate document shares: ISO 8601 dates (with or without
/// fractional seconds, or a bare `2026-01-06`), sorted keys on output, and decoding errors
/// turned into ``PolicyError`` with a dotted field path.
enum PolicyJSON {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Whole seconds stay short; sub-second times (the server's issuedAt) keep their milliseconds,
        // so two publishes in one second still order for anti-rollback.
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            let fractional = date.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) != 0
            // The formatter truncates, and 0.001 is stored as 0.000999…: shift half a millisecond to round.
            let shifted = fractional ? date.addingTimeInterval(0.0005) : date
            try container.encode(shifted.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: fractional)))
        }
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorruptedError(in: container,
                    debugDescription: "\"\(text.prefix(40))\" is not an ISO 8601 date such as 2026-01-06T09:00:00Z")
            }
            return date
        }
        return decoder
    }

    /// Parses the ISO 8601 forms that hand-written documents use.
    static func parseDate(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let date = try? Date.ISO8601FormatStyle().parse(trimmed) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(trimmed) { return date }
        return try? Date.ISO8601FormatStyle().year().month().day().parse(trimmed)
    }

    /// Decodes a value, reporting problems as ``PolicyError``.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try decoder.decode(type, from: data)
        } catch let error as PolicyError {
            throw error
        } catch let error as DecodingError {
            throw policyError(from: error)
        } catch {
            throw PolicyError(.malformedJSON, "the document is not valid JSON")
        }
    }

    static func policyError(from error: DecodingError) -> PolicyError {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath + [key])
            return PolicyError(.invalidValue, field: field, "\"\(key.stringValue)\" is required here")
        case .typeMismatch(let type, let context):
            return PolicyError(.invalidValue, field: path(context.codingPath), "expected \(describe(type))")
        case .valueNotFound(let type, let context):
            return PolicyError(.invalidValue, field: path(context.codingPath), "expected \(describe(type)), found null")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return PolicyError(.malformedJSON, "the document is not valid JSON")
            }
            return PolicyError(.invalidValue, field: path(context.codingPath), context.debugDescription)
        @unknown default:
            return PolicyError(.invalidValue, "the document could not be read")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }
}
