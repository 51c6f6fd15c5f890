import Foundation

/// One event on its way to one endpoint: the outbox row a worker claims, posts and retries.
public struct WebhookDeliveryRecord: Sendable, Equatable, Codable {
    /// Where a delivery is.
    public enum State: String, Sendable, Codable, CaseIterable {
        /// Waiting for its first or next attempt.
        case pending
        /// The endpoint answered 2xx.
        case delivered
        /// Retried for about a day without a 2xx, or its endpoint was removed.
        case failed
    }

    /// Random, `whd_` and hex; a redelivery gets a new one.
    public let id: String
    /// The endpoint it goes to.
    public let endpointID: String
    /// The endpoint's app.
    public let appID: String
    /// The event's ID, sent as `webhook-id`: the same on every attempt and on a redelivery, so a
    /// receiver can drop what it already has.
    public let eventID: String
    /// The event's type, such as `policy.published`.
    public let type: String
    /// The body posted: the event's JSON.
    public let payload: String
    /// Where it is.
    public var state: State
    /// Attempts started (a claim counts one).
    public var attempts: Int
    /// When the next attempt is due.
    public var nextAttemptAt: Date
    /// Until when the instance that claimed it has it; no other claims it before.
    public var leasedUntil: Date
    /// The HTTP status of the last attempt that got one.
    public var lastStatus: Int?
    /// Why the last attempt failed.
    public var lastError: String?
    /// When it was queued.
    public let createdAt: Date
    /// When the endpoint answered 2xx.
    public var deliveredAt: Date?

    /// Creates a pending delivery, due at once.
    public init(id: String, endpointID: String, appID: String, eventID: String, type: String, payload: String, createdAt: Date) {
        self.init(id: id, endpointID: endpointID, appID: appID, eventID: eventID, type: type, payload: payload, state: .pending,
                  attempts: 0, nextAttemptAt: createdAt, leasedUntil: .distantPast, createdAt: createdAt)
    }

    /// Creates a record in any state (storage reads them back this way).
    public init(id: String, endpointID: String, appID: String, eventID: String, type: String, payload: String, state: State,
                attempts: Int, nextAttemptAt: Date, leasedUntil: Date, lastStatus: Int? = nil, lastError: String? = nil,
                createdAt: Date, deliveredAt: Date? = nil) {
        self.id = id
        self.endpointID = endpointID
        self.appID = appID
        self.eventID = eventID
        self.type = type
        self.payload = payload
        self.state = state
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.leasedUntil = leasedUntil
        self.lastStatus = lastStatus
        self.lastError = lastError
        self.createdAt = createdAt
        self.deliveredAt = deliveredAt
    }

    /// Whether a worker may claim it at `now`: pending, due, and no other worker's lease running.
    public func isDue(at now: Date) -> Bool { state == .pending && nextAttemptAt <= now && leasedUntil <= now }
}

extension WebhookDeliveryRecord {
    /// The error a pending delivery fails with when its endpoint is removed.
    public static let removedEndpointError = "the webhook was removed"
}
