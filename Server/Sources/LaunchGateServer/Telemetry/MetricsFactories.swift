import Metrics
import Prometheus
import Synchronization

/// Where the process's metrics go: Prometheus's registry, served at `/metrics`, always, and an
/// OTLP exporter as well when `OTEL_METRICS_EXPORTER=otlp` (``TelemetrySettings``).
///
/// swift-metrics can be bootstrapped once per process, and the registry is made when the first
/// ``ServerComponents`` are; the OTLP factory must be named before that, which
/// ``export(to:)`` checks.
enum MetricsFactories {
    private static let state = Mutex<State>(State())

    private struct State {
        var bootstrapped = false
        var otlp: (any MetricsFactory)?
    }

    /// Adds `factory` to where metrics go.
    /// - Returns: false when the metrics system was already bootstrapped without it.
    static func export(to factory: any MetricsFactory) -> Bool {
        state.withLock { state in
            guard !state.bootstrapped else { return false }
            state.otlp = factory
            return true
        }
    }

    /// Bootstraps the metrics system over `registry`, with the OTLP factory if one was named.
    static func bootstrap(_ registry: PrometheusCollectorRegistry) {
        let otlp = state.withLock { state in
            state.bootstrapped = true
            return state.otlp
        }
        let prometheus = PrometheusMetricsFactory(registry: registry)
        if let otlp {
            MetricsSystem.bootstrap(MultiplexMetricsHandler(factories: [prometheus, otlp]))
        } else {
            MetricsSystem.bootstrap(prometheus)
        }
    }
}
