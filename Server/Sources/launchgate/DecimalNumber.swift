import ArgumentParser

/// A fractional option's value, written in decimal: an optional sign, digits with at most one `.`,
/// and an optional exponent (`1.5`, `.5`, `1e3`, `1e-20`, which the option's range then judges).
///
/// `Double`'s own `ExpressibleByArgument` is `Double(String)`, which also reads hexadecimal
/// (`0x10` is 16, `0x1p3` is 8), `inf` and `nan`: the seconds, days and percentages took them
/// while every whole-number option refused `0x10` (attack s11, A8). Flags and their variables are
/// both parsed here, through ``EnvironmentOption``.
struct DecimalNumber: ExpressibleByArgument, Hashable, Sendable {
    /// The number.
    let value: Double

    /// The number of a decimal text, or `nil` for anything else (hexadecimal, `inf`, `nan`, spaces).
    /// - Parameter argument: The flag's or the variable's text.
    init?(argument: String) {
        guard Self.isDecimal(argument), let value = Double(argument) else { return nil }
        self.value = value
    }

    /// Whether `text` is `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`, in ASCII digits.
    /// Compiled on each call: options are parsed a few times at start-up, and a `Regex`, not
    /// `Sendable`, can't be a shared constant without opting out of the checks. A pattern that fails
    /// to compile (a typo) refuses every text, which every numeric option's test then shows.
    static func isDecimal(_ text: String) -> Bool {
        guard let regex = try? Regex(Self.grammar) else { return false }
        return (try? regex.matchingSemantics(.unicodeScalar).wholeMatch(in: text)) != nil
    }

    /// The grammar of ``isDecimal(_:)``: `[0-9]`, not `\d`, which takes any script's digits; matched
    /// scalar by scalar, so a digit with a combining mark is no digit.
    private static let grammar = #"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"#
}
