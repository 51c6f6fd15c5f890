import ArgumentParser
import Foundation

/// Reads a `serve` option's environment variable with its flag's own parser (ArgumentParser's
/// `ExpressibleByArgument`), so a variable accepts exactly what its flag accepts, and the range
/// check that follows sees the same value either way. Sign-in counts were once read as `Double`
/// and truncated after the check: `0.5` passed `0…1,000,000`, became 0 and turned a cap off.
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

    /// The flag's value if given, else its variable's; the variable is parsed either way, so a bad
    /// one is an error even while a flag overrides it (attack s11, A8): it would take over, unnoticed
    /// until then, the day the flag is dropped from the command line.
    /// - Parameters:
    ///   - flag: The flag's parsed value, `nil` when it is not given.
    ///   - variable: The variable's name, as `LAUNCHGATE_IDLE_TIMEOUT`.
    ///   - environment: The variables to read, the process's by default.
    /// - Throws: `ValidationError` naming the variable when its flag's parser refuses the text.
    static func value<Value: ExpressibleByArgument>(_ flag: Value?, or variable: String,
                                                    environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Value? {
        let fromEnvironment = try value(variable, as: Value.self, environment: environment)
        return flag ?? fromEnvironment
    }

    /// A switch's variable: `1` or `true` is on, `0` or `false` off (any case), `nil` when it is not
    /// set. Checked even when the switch's flag is given, as every other variable is.
    /// - Throws: `ValidationError` naming the variable when it holds anything else.
    static func switchValue(_ variable: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Bool? {
        guard let text = environment[variable] else { return nil }
        switch text.lowercased() {
        case "1", "true": return true
        case "0", "false": return false
        default: throw ValidationError("\(variable) must be 1 or 0")
        }
    }

    /// The variable of a flag: LAUNCHGATE_ and the flag's name in capitals, `-` as `_`.
    static func variable(forFlag flag: String) -> String {
        "LAUNCHGATE_" + flag.uppercased().replacingOccurrences(of: "-", with: "_")
    }
}
