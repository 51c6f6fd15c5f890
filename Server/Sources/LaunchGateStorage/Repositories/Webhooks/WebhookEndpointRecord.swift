import Foundation

/// An operator's webhook endpoint: where an app's events go, which of them, and the secret that
/// signs them, sealed under the master key.
public struct WebhookEndpointRecord: Sendable, Equatable, Codable {
    /// Random, `whe_` and hex.
    public let id: String
    /// The app whose events it receives.
    public let appID: String
    /// Where deliveries are posted: https, or http to loopback when the operator allows it.
    public let url: String
    /// The event types it receives; empty for every type.
    public let events: [String]
    /// The signing secret, sealed under the master key (never stored or listed in the clear).
    public let sealedSecret: String
    /// When it was added.
    public let createdAt: Date
    /// When it was removed; a removed endpoint is kept so its deliveries still name it.
    public var disabledAt: Date?
    /// Events not queued for it because it already had ``WebhookLimits/pendingPerEndpoint`` waiting.
    public var dropped: Int

    /// Creates a record.
    public init(id: String, appID: String, url: String, events: [String], sealedSecret: String, createdAt: Date,
                disabledAt: Date? = nil, dropped: Int = 0) {
        self.id = id
        self.appID = appID
        self.url = url
        self.events = events
        self.sealedSecret = sealedSecret
        self.createdAt = createdAt
        self.disabledAt = disabledAt
        self.dropped = dropped
    }

    /// Whether it still receives events.
    public var isActive: Bool { disabledAt == nil }

    /// Whether it receives events of `type`: every type when its filter is empty.
    public func receives(_ type: String) -> Bool { events.isEmpty || events.contains(type) }
}
