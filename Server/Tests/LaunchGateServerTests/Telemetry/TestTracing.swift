import InMemoryTracing
import Tracing

/// The test process's one tracer: tracing can be bootstrapped once per process, so every suite
/// that checks spans shares it, and tells its spans from other suites' by their trace.
enum TestTracing {
    static let tracer: InMemoryTracer = {
        let tracer = InMemoryTracer(recordInjections: false, recordExtractions: false)
        InstrumentationSystem.bootstrap(tracer)
        return tracer
    }()

    /// Runs `body` under a root span named `test` and returns the finished spans of its trace.
    static func traced(_ body: (any Span) async throws -> Void) async throws -> [FinishedInMemorySpan] {
        let tracer = tracer
        var traceID = ""
        try await withSpan("test") { span in
            traceID = span.context.inMemorySpanContext?.traceID ?? ""
            try await body(span)
        }
        return tracer.finishedSpans.filter { $0.traceID == traceID }
    }
}
