import Foundation

/// Where the domain services report what happened, for webhooks, without depending on delivery:
/// policies, sign-in and the App Store poller are handed one; the server's is the webhook
/// service, and tests and the CLI's one-off commands get ``NoWebhookEvents``.
///
/// Emitting never fails the change it reports: the change has happened, and an event that can't
/// be queued (the database is down, the body is too large) is logged and counted by the emitter.
/// A prepared event, queued in the change's transaction, fails with the change it reports, since
/// the two are one write.
public protocol WebhookEvents: Sendable {
    /// Queues an event of `type` for the app's endpoints.
    /// - Parameters:
    ///   - type: What happened.
    ///   - appID: To whom.
    ///   - data: The payload's `data` object.
    ///   - occurredAt: When.
    func emit<Payload: Encodable & Sendable>(_ type: WebhookEventType, appID: String, data: Payload, occurredAt: Date) async
    /// An event to hand to the repository method that makes the change it reports, which stores
    /// it in the change's transaction (``PendingWebhookEvent``): for the events whose change is a
    /// database write. `nil` when there is nothing to queue (no webhooks, or a body that can't be
    /// rendered within bounds, which is logged and counted): the change goes ahead without it.
    /// - Parameters: As ``emit(_:appID:data:occurredAt:)``.
    func prepare<Payload: Encodable & Sendable>(_ type: WebhookEventType, appID: String, data: Payload, occurredAt: Date) -> PendingWebhookEvent?
}

/// Drops every event: for tests and the CLI, where no endpoint is served.
public struct NoWebhookEvents: WebhookEvents {
    /// Creates the emitter.
    public init() {}

    /// Does nothing.
    public func emit<Payload: Encodable & Sendable>(_ type: WebhookEventType, appID: String, data: Payload, occurredAt: Date) async {}

    /// Nothing to queue.
    public func prepare<Payload: Encodable & Sendable>(_ type: WebhookEventType, appID: String, data: Payload,
                                                       occurredAt: Date) -> PendingWebhookEvent? { nil }
}
