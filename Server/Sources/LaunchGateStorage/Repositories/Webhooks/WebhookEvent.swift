import Foundation

/// Something that happened to an app, for its webhook endpoints: a type, an ID every endpoint
/// and every retry sees the same, and the JSON body they are posted.
public struct WebhookEvent: Sendable, Equatable {
    /// Random, `msg_` and hex; sent as `webhook-id`.
    public let id: String
    /// The app it happened to.
    public let appID: String
    /// Such as `policy.published` (``WebhookEventType``).
    public let type: String
    /// The JSON posted, ``WebhookPayload``'s rendering.
    public let payload: String
    /// When it happened.
    public let occurredAt: Date

    /// Creates an event.
    public init(id: String, appID: String, type: String, payload: String, occurredAt: Date) {
        self.id = id
        self.appID = appID
        self.type = type
        self.payload = payload
        self.occurredAt = occurredAt
    }
}
