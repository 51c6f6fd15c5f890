import Testing
@testable import LaunchGateServer

/// Which OTEL_* variables turn export on, and which values stop start-up (``TelemetrySettings``).
@Suite("OpenTelemetry is off unless the standard variables turn it on, and a bad value is refused")
struct TelemetrySettingsTests {
    private static let endpoint = "http://127.0.0.1:4318"

    // MARK: Tests

    @Test("with no OTEL_ variable set, nothing is on and bootstrap makes no service")
    func offByDefault() throws {
        let settings = try TelemetrySettings(environment: ["PATH": "/usr/bin", "LAUNCHGATE_PORT": "8080"])
        // Stops here if not: a bootstrap below would take the process's one tracing bootstrap.
        try #require(settings == .off)
        #expect(!settings.isOn)
        // Off returns before touching swift-otel.
        #expect(try settings.bootstrap(environment: [:], logger: TestBackend.logger) == nil)
    }

    @Test("an endpoint alone turns traces on, not metrics; OTEL_SERVICE_NAME alone turns nothing on")
    func endpointTurnsTracesOn() throws {
        #expect(try TelemetrySettings(environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": Self.endpoint]) == .init(traces: true, metrics: false))
        #expect(try TelemetrySettings(environment: ["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": Self.endpoint + "/v1/traces"]) == .init(traces: true, metrics: false))
        #expect(try TelemetrySettings(environment: ["OTEL_TRACES_EXPORTER": "otlp"]) == .init(traces: true, metrics: false))
        #expect(try TelemetrySettings(environment: ["OTEL_SERVICE_NAME": "gate"]) == .off)
    }

    @Test("OTLP metrics only with OTEL_METRICS_EXPORTER=otlp")
    func metricsOnlyWhenAsked() throws {
        #expect(try TelemetrySettings(environment: ["OTEL_METRICS_EXPORTER": "otlp"]) == .init(traces: false, metrics: true))
        #expect(try TelemetrySettings(environment: ["OTEL_METRICS_EXPORTER": "prometheus", "OTEL_EXPORTER_OTLP_ENDPOINT": Self.endpoint])
            == .init(traces: true, metrics: false))
    }

    @Test("OTEL_SDK_DISABLED=true and OTEL_TRACES_EXPORTER=none win over an endpoint")
    func disabledWins() throws {
        let both = ["OTEL_EXPORTER_OTLP_ENDPOINT": Self.endpoint, "OTEL_METRICS_EXPORTER": "otlp"]
        #expect(try TelemetrySettings(environment: both.merging(["OTEL_SDK_DISABLED": "TRUE"]) { $1 }) == .off)
        #expect(try TelemetrySettings(environment: both.merging(["OTEL_TRACES_EXPORTER": "none"]) { $1 }) == .init(traces: false, metrics: true))
    }

    @Test("a value that would send nothing, or send it elsewhere, is refused naming the variable", arguments: [
        ("OTEL_TRACES_EXPORTER", "jaeger"), ("OTEL_METRICS_EXPORTER", "otlp,prometheus"), ("OTEL_SDK_DISABLED", "yes"),
        ("OTEL_EXPORTER_OTLP_ENDPOINT", "localhost:4318"), ("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "ftp://collector/v1/traces"),
        ("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"), ("OTEL_EXPORTER_OTLP_METRICS_PROTOCOL", "http"), ("OTEL_SERVICE_NAME", " "),
    ])
    func refusesBadValues(variable: String, value: String) {
        #expect {
            _ = try TelemetrySettings(environment: [variable: value])
        } throws: { error in
            "\(error)".hasPrefix("\(variable) must be ") && "\(error)".hasSuffix("not \"\(value)\"")
        }
    }
}
