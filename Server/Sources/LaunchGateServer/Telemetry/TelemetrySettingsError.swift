/// An OpenTelemetry variable that `launchgate serve` can't use; start-up stops with its message.
public struct TelemetrySettingsError: Error, Equatable, CustomStringConvertible {
    /// The variable, such as `OTEL_TRACES_EXPORTER`.
    public let variable: String
    /// What it was set to.
    public let value: String
    /// What it may be.
    public let expected: String

    public var description: String {
        // Cut short: a value pasted by mistake may be long, or a secret.
        "\(variable) must be \(expected), not \"\(value.prefix(60))\(value.count > 60 ? "…" : "")\""
    }
}
