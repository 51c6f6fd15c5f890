import ArgumentParser
import Foundation

/// Reads a `serve` option's environment variable with its flag's own parser (ArgumentParser's
/// `ExpressibleByArgument`) and its flag's own check, so a variable accepts exactly what its flag
/// accepts. Sign-in counts were once read as `Double` and truncated after the check: `0.5` passed
/// `0…1,000,000`, became 0 and turned a cap off.
enum EnvironmentOption {
    /// The variable's value, or `nil` when it is not set.
    /// - Parameters:
    ///   - variable: The name, as `LAUNCHGATE_SIGN_IN_CLIENT_SENDS`.
    ///   - environment: The variables to read, the process's by default.
    /// - Throws: `ValidationError` naming the variable when its flag's parser refuses the text.
    static func value<Value: ExpressibleByArgument>(_ variable: String, as type: Value.Type = Value.self,
                                                    environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Value? {
        guard let text = environment[variable] else { return nil }
        guard let value = Value(argument: text) else {
            throw ValidationError("\(variable) must be \(Value.self == Int.self ? "a whole number" : "a decimal number"), not \"\(text.prefix(20))\"")
        }
        return value
    }

    /// The flag's value if given, else its variable's, each parsed and then passed through `check`.
    ///
    /// A variable that is set is parsed and checked whether or not the flag is given (attack s11,
    /// A8; re-attack s12, B4): a variable out of range, or naming an unknown transport, would take
    /// over, unnoticed until then, the day the flag is dropped from the command line. One closure
    /// judges both values, so the variable is held to exactly what the flag is.
    /// - Parameters:
    ///   - flag: The flag's parsed value, `nil` when it is not given.
    ///   - name: The flag's name without dashes, as `idle-timeout`, for messages.
    ///   - variable: The variable's name; by default LAUNCHGATE_ and the flag's name (``variable(forFlag:)``).
    ///   - environment: The variables to read, the process's by default.
    ///   - check: Turns a parsed value into the setting, or throws ``OptionRefusal`` saying why not.
    /// - Returns: The checked flag's value, else the checked variable's, else `nil`.
    /// - Throws: `ValidationError` naming the variable or the flag whose value is refused.
    static func value<Value: ExpressibleByArgument, Setting>(
        _ flag: Value?, flag name: String, variable: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        _ check: (Value) throws -> Setting
    ) throws -> Setting? {
        let variable = variable ?? Self.variable(forFlag: name)
        let fromEnvironment = try value(variable, as: Value.self, environment: environment).map { value in try named(variable) { try check(value) } }
        guard let flag else { return fromEnvironment }
        return try named("--" + name) { try check(flag) }
    }

    /// ``value(_:flag:variable:environment:_:)`` for a value that only its parser judges.
    static func value<Value: ExpressibleByArgument>(_ flag: Value?, flag name: String, variable: String? = nil,
                                                    environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Value? {
        try value(flag, flag: name, variable: variable, environment: environment) { $0 }
    }

    /// A check that takes a value in `range` as it is.
    /// - Parameters:
    ///   - range: The values allowed.
    ///   - unit: What the value counts, as ` seconds` (with its leading space), for the message.
    static func within<Number: Comparable>(_ range: ClosedRange<Number>, _ unit: String = "") -> (Number) throws -> Number {
        { value in
            guard range.contains(value) else { throw OptionRefusal("must be \(show(range.lowerBound)) to \(show(range.upperBound))\(unit)") }
            return value
        }
    }

    /// A check that takes a decimal number in `range` as its `Double`.
    static func decimal(within range: ClosedRange<Double>, _ unit: String = "") -> (DecimalNumber) throws -> Double {
        { try within(range, unit)($0.value) }
    }

    /// A switch's variable: `1` or `true` is on, `0` or `false` off (any case), `nil` when it is not
    /// set. Checked even when the switch's flag is given, as every other variable is.
    /// - Throws: `ValidationError` naming the variable when it holds anything else.
    static func switchValue(_ variable: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Bool? {
        guard let text = environment[variable] else { return nil }
        switch text.lowercased() {
        case "1", "true": return true
        case "0", "false": return false
        default: throw ValidationError("\(variable) must be 1, 0, true or false")
        }
    }

    /// The variable of a flag: LAUNCHGATE_ and the flag's name in capitals, `-` as `_`.
    static func variable(forFlag flag: String) -> String {
        "LAUNCHGATE_" + flag.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    private static func named<T>(_ name: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let refusal as OptionRefusal {
            throw ValidationError(name + (refusal.reason.hasPrefix(":") ? "" : " ") + refusal.reason)
        }
    }

    private static func show<Number>(_ value: Number) -> String {
        if let value = value as? Double, value == value.rounded(), abs(value) < 1e15 { return "\(Int(value))" }
        return "\(value)"
    }
}

/// Why a flag's or a variable's value is refused, as `must be 1 to 64` or `: the scheme must be…`:
/// ``EnvironmentOption`` puts the name of the flag or the variable that gave the value in front.
struct OptionRefusal: Error {
    /// The rest of the sentence after the name.
    let reason: String

    init(_ reason: String) { self.reason = reason }
}
