public import Tracing

/// Spans for the domains' own work: database operations, mail and webhook deliveries, App Store polls.
///
/// The domain targets can't import Hummingbird, but every one of them imports storage, so the
/// one way they start a span lives here, over swift-distributed-tracing's API only. Which tracer
/// records the spans is the composition root's choice (`launchgate serve` bootstraps swift-otel
/// when the `OTEL_*` variables ask for it); with none bootstrapped, spans cost a no-op tracer's call.
///
/// ```swift
/// try await Telemetry.withSpan("mail.deliver", kind: .client) { span in
///     span.attributes["launchgate.app"] = app
///     try await transport.send(message)
/// }
/// ```
public enum Telemetry {
    /// Runs `body` inside a span that is a child of the task's current span, if any.
    ///
    /// A thrown error is recorded on the span, which is marked failed, and thrown on.
    /// - Parameters:
    ///   - name: The span's name: a fixed word for the kind of work (`db.read`, `mail.deliver`),
    ///     never one made from request data, so collectors see a bounded set of names.
    ///   - kind: `.client` for calls to another system (a mail server, a webhook), else `.internal`.
    ///   - attributes: What tells one such span from another: names and counts, never secrets,
    ///     addresses or SQL with values.
    ///   - body: The work; it may add attributes to the span it is given.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func withSpan<T>(_ name: String, kind: SpanKind = .internal, attributes: SpanAttributes = [:],
                                   isolation: isolated (any Actor)? = #isolation,
                                   _ body: (any Span) async throws -> T) async rethrows -> T {
        try await Tracing.withSpan(name, ofKind: kind, isolation: isolation) { span in
            if !attributes.isEmpty { span.updateAttributes { $0.merge(attributes) } }
            return try await body(span)
        }
    }
}
