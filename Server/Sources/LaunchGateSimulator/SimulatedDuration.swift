import Foundation

/// How far `advance` moves the simulated clock, as typed: `25h`, `90m`, `2d`, `30s` or a sum such
/// as `1d12h`.
public struct SimulatedDuration: Sendable, Hashable, CustomStringConvertible {
    /// The length in seconds; always more than 0.
    public let seconds: TimeInterval

    /// The longest single step: ten years keeps every date the SDK computes far from overflow,
    /// and is longer than any interval a policy sets.
    public static let longest: TimeInterval = 3_650 * 86_400

    private static let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]

    /// Reads a duration.
    /// - Parameter text: Whole numbers each followed by `s`, `m`, `h` or `d`, without spaces.
    /// - Throws: ``SimulatorInputError`` for anything else, for 0 and for more than ten years.
    public init(parsing text: String) throws(SimulatorInputError) {
        let usage = "give a duration such as 25h, 90m, 2d, 30s or 1d12h"
        var total: TimeInterval = 0
        var digits = ""
        for character in text.lowercased() {
            if character.isASCII, character.isNumber {
                // Nine digits of any unit is already beyond the limit; more could overflow.
                guard digits.count < 9 else { throw SimulatorInputError("\"\(text.prefix(20))\" is too long; the most is 3650d") }
                digits.append(character)
            } else if let unit = Self.units[character], let count = Double(digits) {
                total += count * unit
                digits = ""
            } else {
                throw SimulatorInputError("\"\(text.prefix(20))\" is not a duration; \(usage)")
            }
        }
        guard digits.isEmpty, !text.isEmpty else {
            throw SimulatorInputError("\"\(text.prefix(20))\" needs a unit; \(usage)")
        }
        guard total > 0 else { throw SimulatorInputError("a duration must be more than 0; \(usage)") }
        guard total <= Self.longest else { throw SimulatorInputError("\"\(text.prefix(20))\" is too long; the most is 3650d") }
        seconds = total
    }

    /// The shortest exact form, largest unit first: `1d1h`, `25m`, `90s`.
    public var description: String { Self.format(seconds) }

    /// Whole seconds in the form ``description`` uses, `0s` for none.
    /// - Parameter seconds: A length of time; a fraction of a second is left out.
    /// - Returns: Such as `1d1h`.
    public static func format(_ seconds: TimeInterval) -> String {
        var left = Int(max(0, min(seconds, longest)))
        var parts: [String] = []
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] where left >= size {
            parts.append("\(left / size)\(unit)")
            left %= size
        }
        return parts.isEmpty ? "0s" : parts.joined()
    }
}
