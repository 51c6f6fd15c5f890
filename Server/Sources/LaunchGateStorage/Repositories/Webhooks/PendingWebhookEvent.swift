import Foundation
import SQLKit

/// An event ready to be stored with the change it reports, so the two commit together or not at
/// all: a crash after the change's commit can no longer lose its event (a transactional outbox).
///
/// The domain services get one from ``WebhookEvents/prepare(_:appID:data:occurredAt:)`` and hand it
/// to the repository method that makes the change. An SQL repository queues it on the change's own
/// transaction with ``enqueue(on:)``; a memory repository, which has no transactions, right after
/// its change with ``enqueue()``. Data still flows one way: the service calls the repository, and
/// the repository writes the event's rows itself.
public struct PendingWebhookEvent: Sendable {
    /// The event, its body rendered and within bounds.
    public let event: WebhookEvent
    /// Where the webhook service keeps its deliveries: the memory path queues through it.
    package let repository: any WebhookRepository
    /// How many deliveries an endpoint may have waiting.
    package let limit: Int
    /// Draws each delivery's ID.
    package let makeID: @Sendable () -> String
    /// Told what queuing did (the endpoints that were full), to count and log the drops.
    package let queued: @Sendable (WebhookEnqueueResult) -> Void

    /// Creates a pending event; the webhook service makes them.
    public init(event: WebhookEvent, repository: any WebhookRepository, limit: Int, makeID: @escaping @Sendable () -> String,
                queued: @escaping @Sendable (WebhookEnqueueResult) -> Void) {
        self.event = event
        self.repository = repository
        self.limit = limit
        self.makeID = makeID
        self.queued = queued
    }

    /// Queues the event on `db`, the transaction of the change it reports.
    package func enqueue(on db: any SQLDatabase) async throws {
        queued(try await SQLWebhookRepository.enqueue(event, endpointID: nil, limit: limit, makeID: makeID, on: db))
    }

    /// Queues the event through the webhook repository, for a memory repository's change.
    package func enqueue() async throws {
        queued(try await repository.enqueue(event, endpointID: nil, limit: limit, makeID: makeID))
    }
}
