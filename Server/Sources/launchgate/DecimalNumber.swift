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
    static func isDecimal(_ text: String) -> Bool {
        var rest = Substring(text).utf8[...]
        func digits() -> Int {
            let count = rest.prefix(while: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }).count
            rest = rest.dropFirst(count)
            return count
        }
        func skip(_ characters: String) -> Bool {
            guard let first = rest.first, characters.utf8.contains(first) else { return false }
            rest = rest.dropFirst()
            return true
        }
        _ = skip("+-")
        var mantissa = digits()
        if skip(".") { mantissa += digits() }
        guard mantissa > 0 else { return false }
        if skip("eE") {
            _ = skip("+-")
            guard digits() > 0 else { return false }
        }
        return rest.isEmpty
    }
}
