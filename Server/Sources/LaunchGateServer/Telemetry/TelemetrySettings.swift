import Foundation

/// Whether `launchgate serve` exports traces and metrics over OTLP, read from OpenTelemetry's
/// standard variables, as users of other OpenTelemetry SDKs set them.
///
/// Off unless the variables turn it on:
/// - traces: `OTEL_TRACES_EXPORTER=otlp`, or an endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT` or
///   `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) with `OTEL_TRACES_EXPORTER` unset;
/// - metrics: `OTEL_METRICS_EXPORTER=otlp` only. Prometheus's `/metrics` is the default and stays
///   on either way; an endpoint alone doesn't double every counter into a collector.
/// `OTEL_SDK_DISABLED=true` turns both off whatever else is set.
///
/// swift-otel reads the rest (sampler, batch sizes, headers, timeouts) itself, and only warns
/// when one of those can't be read; the variables checked here are those whose mistake would
/// silently send nothing, or send it somewhere unintended, so they stop start-up instead.
public struct TelemetrySettings: Sendable, Equatable {
    /// Spans are exported.
    public var traces: Bool
    /// Metrics are exported over OTLP as well as served at `/metrics`.
    public var metrics: Bool

    /// Whether anything is exported, and so whether anything is bootstrapped at all.
    public var isOn: Bool { traces || metrics }

    /// Nothing exported: the default.
    public static let off = TelemetrySettings(traces: false, metrics: false)

    /// - Parameters:
    ///   - traces: Spans are exported.
    ///   - metrics: Metrics are exported over OTLP.
    public init(traces: Bool, metrics: Bool) {
        (self.traces, self.metrics) = (traces, metrics)
    }

    /// Reads the variables.
    /// - Parameter environment: The process's environment.
    /// - Throws: ``TelemetrySettingsError`` naming the variable, its value and what it may be.
    public init(environment: [String: String]) throws(TelemetrySettingsError) {
        let disabled = try Self.boolean(environment, "OTEL_SDK_DISABLED") ?? false
        let tracesExporter = try Self.exporter(environment, "OTEL_TRACES_EXPORTER", allowed: ["otlp", "none"])
        let metricsExporter = try Self.exporter(environment, "OTEL_METRICS_EXPORTER", allowed: ["otlp", "prometheus", "none"])
        for signal in ["", "TRACES_", "METRICS_"] {
            try Self.checkEndpoint(environment, "OTEL_EXPORTER_OTLP_\(signal)ENDPOINT")
            try Self.checkProtocol(environment, "OTEL_EXPORTER_OTLP_\(signal)PROTOCOL")
        }
        if let name = environment["OTEL_SERVICE_NAME"], name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw TelemetrySettingsError(variable: "OTEL_SERVICE_NAME", value: name, expected: "a name for this service")
        }
        let endpoint = environment["OTEL_EXPORTER_OTLP_ENDPOINT"] != nil || environment["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"] != nil
        traces = !disabled && (tracesExporter == "otlp" || (tracesExporter == nil && endpoint))
        metrics = !disabled && metricsExporter == "otlp"
    }

    /// OpenTelemetry's booleans: `true` or `false`, in any case.
    private static func boolean(_ environment: [String: String], _ variable: String) throws(TelemetrySettingsError) -> Bool? {
        guard let value = environment[variable] else { return nil }
        switch value.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true": return true
        case "false", "": return false
        default: throw TelemetrySettingsError(variable: variable, value: value, expected: "true or false")
        }
    }

    /// One exporter name from `allowed` (the specification allows a comma-separated list; one is all this server sends to).
    private static func exporter(_ environment: [String: String], _ variable: String, allowed: [String]) throws(TelemetrySettingsError) -> String? {
        guard let value = environment[variable] else { return nil }
        let name = value.trimmingCharacters(in: .whitespaces).lowercased()
        guard allowed.contains(name) else {
            throw TelemetrySettingsError(variable: variable, value: value, expected: allowed.joined(separator: ", ").replacingLastComma())
        }
        return name
    }

    /// An absolute http or https URL with a host: the collector's OTLP/HTTP address.
    private static func checkEndpoint(_ environment: [String: String], _ variable: String) throws(TelemetrySettingsError) {
        guard let value = environment[variable] else { return }
        guard let url = URL(string: value), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty
        else {
            throw TelemetrySettingsError(variable: variable, value: value, expected: "an http:// or https:// URL of an OTLP/HTTP collector, such as http://localhost:4318")
        }
    }

    /// OTLP over HTTP only: this build leaves out swift-otel's gRPC exporter.
    private static func checkProtocol(_ environment: [String: String], _ variable: String) throws(TelemetrySettingsError) {
        guard let value = environment[variable] else { return }
        guard ["http/protobuf", "http/json"].contains(value.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw TelemetrySettingsError(variable: variable, value: value, expected: "http/protobuf or http/json (this server exports OTLP over HTTP, not gRPC)")
        }
    }
}

private extension String {
    /// "a, b, c" → "a, b or c".
    func replacingLastComma() -> String {
        guard let range = range(of: ", ", options: .backwards) else { return self }
        return replacingCharacters(in: range, with: " or ")
    }
}
