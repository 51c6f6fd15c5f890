import Logging
import Metrics
import OTel
import ServiceLifecycle

extension TelemetrySettings {
    /// The service name spans and metrics carry unless `OTEL_SERVICE_NAME` names another.
    public static let defaultServiceName = "launchgate"

    /// Bootstraps swift-otel's tracer and, with ``metrics``, its OTLP metrics beside Prometheus,
    /// and returns the service that exports them, to run with the server (``buildApplication(_:configuration:logger:mail:telemetry:onServerRunning:)``
    /// runs it so that it stops last, flushing what the others recorded while stopping).
    ///
    /// Call it once per process, before ``ServerComponents`` are made: the tracing and metrics
    /// systems can each be bootstrapped only once.
    /// - Parameters:
    ///   - environment: The process's environment, which swift-otel reads for the rest of its settings.
    ///   - logger: For the exporters' service group.
    /// - Returns: `nil` when ``isOn`` is false: then nothing is bootstrapped and every span is a no-op.
    /// - Throws: swift-otel's configuration error, or ``TelemetrySettingsError`` when the metrics
    ///   system was already bootstrapped.
    public func bootstrap(environment: [String: String], logger: Logger) throws -> (any Service)? {
        guard isOn else { return nil }
        var configuration = OTel.Configuration.default
        configuration.serviceName = Self.defaultServiceName
        // Logs stay on the console, where operators read them today.
        configuration.logs.enabled = false
        var services: [any Service] = []
        if traces {
            var traced = configuration
            traced.metrics.enabled = false
            services.append(try OTel.bootstrap(configuration: traced, environment: environment))
        }
        if metrics {
            var measured = configuration
            measured.traces.enabled = false
            measured.metrics.exporter = .otlp
            // swift-otel reads the process environment here; `launchgate serve` passes it as `environment` too.
            let backend = try OTel.makeMetricsBackend(configuration: measured)
            guard MetricsFactories.export(to: backend.factory) else {
                throw TelemetrySettingsError(variable: "OTEL_METRICS_EXPORTER", value: "otlp",
                                             expected: "set before the server's metrics start (a bug: bootstrap telemetry first)")
            }
            services.append(backend.service)
        }
        return ServiceGroup(services: services, logger: logger)
    }
}
