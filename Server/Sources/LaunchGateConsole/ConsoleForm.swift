import Foundation
import Hummingbird
import LaunchGateHTTP

/// An `application/x-www-form-urlencoded` body, read with limits: at most ``maximumBytes`` and
/// ``maximumFields``, later values of a repeated name kept in order.
package struct ConsoleForm: Sendable {
    /// The largest body read: a policy with long release notes in every field fits.
    package static let maximumBytes = 256 * 1024
    /// The most fields read; the rest are ignored.
    static let maximumFields = 400

    private(set) var values: [String: [String]] = [:]

    /// Parses a body.
    package init(encoded text: String) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true).prefix(Self.maximumFields) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]) else { continue }
            values[name, default: []].append(parts.count > 1 ? Self.decode(parts[1]) ?? "" : "")
        }
    }

    /// Reads a request's body.
    /// - Throws: When the body is larger than ``maximumBytes``.
    package static func read(_ request: Request) async throws -> ConsoleForm {
        let buffer = try await request.collectBody(upTo: maximumBytes)
        return ConsoleForm(encoded: String(buffer: buffer))
    }

    /// The first value of a field, trimmed; `nil` when absent or empty.
    package subscript(_ name: String) -> String? {
        guard let value = values[name]?.first?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// The first value as sent (release notes keep their line breaks and spaces).
    package func raw(_ name: String) -> String? { values[name]?.first }

    /// Every value of a field.
    package func all(_ name: String) -> [String] { values[name] ?? [] }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
