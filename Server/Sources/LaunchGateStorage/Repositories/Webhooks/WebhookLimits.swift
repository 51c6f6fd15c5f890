import Foundation

/// The bounds on webhooks, so that an operator's endpoint that is down, slow or flooded costs a
/// known amount of storage and work.
public struct WebhookLimits: Sendable, Equatable {
    /// Active endpoints one app may have.
    public var endpointsPerApp: Int
    /// The largest event body, in bytes.
    public var payloadBytes: Int
    /// Deliveries waiting for one endpoint; an event past it is not queued for that endpoint,
    /// and the drop is counted on the endpoint and in the `launchgate_webhook_dropped_total` metric.
    public var pendingPerEndpoint: Int
    /// How long a finished delivery (delivered or failed) is kept for `webhooks deliveries` and
    /// `redeliver`: user events hold addresses, and every sign-up adds one, so they can't stay for
    /// ever (review s13, G3).
    public var retention: TimeInterval

    /// Creates limits; the defaults are the server's.
    public init(endpointsPerApp: Int = 10, payloadBytes: Int = 64 * 1024, pendingPerEndpoint: Int = 1000, retention: TimeInterval = 7 * 86_400) {
        self.endpointsPerApp = endpointsPerApp
        self.payloadBytes = payloadBytes
        self.pendingPerEndpoint = pendingPerEndpoint
        self.retention = retention
    }
}
