import Foundation
import SQLKit

/// An event ready to be stored with the change it reports, so the two commit together or not at
/// all: a crash after the change's commit can no longer lose its event (a transactional outbox).
///
/// The domain services get one from ``WebhookEvents/prepare(_:appID:data:occurredAt:)`` and hand it
/// to the repository method that makes the change. An SQL repository queues it on the change's own
/// transaction with ``enqueue(on:)``, and once that has committed reports the endpoints that were
/// full with ``QueuedWebhookEvent/committed()``: a run rolled back or run again reports nothing.
/// Data still flows one way: the service calls the repository, and the repository writes the
/// event's rows itself.
///
/// A memory repository, which has no transactions, queues it with ``enqueue()`` after its change.
/// That is weaker than SQL in two ways (review s14, K5): queuing awaits the webhook repository,
/// another actor, so the changed actor may run other calls between the change and its event; and
/// an event that can't be queued leaves the change in place, where SQL would undo it. Memory
/// storage is for tests and `serve --memory`, whose events are lost with the process anyway.
public struct PendingWebhookEvent: Sendable {
    /// The event, its body rendered and within bounds.
    public let event: WebhookEvent
    /// Where the webhook service keeps its deliveries: the memory path queues through it.
    package let repository: any WebhookRepository
    /// How many deliveries an endpoint may have waiting.
    package let limit: Int
    /// Draws each delivery's ID.
    package let makeID: @Sendable () -> String
    /// Told, after the change committed, what queuing did, to count and log the endpoints that
    /// were full and add to their drop counts.
    package let reportDrops: @Sendable (WebhookEnqueueResult) async -> Void

    /// Creates a pending event; the webhook service makes them.
    public init(event: WebhookEvent, repository: any WebhookRepository, limit: Int, makeID: @escaping @Sendable () -> String,
                reportDrops: @escaping @Sendable (WebhookEnqueueResult) async -> Void) {
        self.event = event
        self.repository = repository
        self.limit = limit
        self.makeID = makeID
        self.reportDrops = reportDrops
    }

    /// Queues the event on `db`, the transaction of the change it reports. Nothing is counted yet:
    /// the caller returns what this returns out of the transaction and calls its
    /// ``QueuedWebhookEvent/committed()`` after the commit.
    package func enqueue(on db: any SQLDatabase) async throws -> QueuedWebhookEvent {
        QueuedWebhookEvent(result: try await SQLWebhookRepository.enqueue(event, endpointID: nil, limit: limit, makeID: makeID, on: db),
                           report: reportDrops)
    }

    /// Queues the event through the webhook repository, after a memory repository's change, and
    /// reports the drops at once (there is no commit to wait for).
    package func enqueue() async throws {
        await QueuedWebhookEvent(result: try await repository.enqueue(event, endpointID: nil, limit: limit, makeID: makeID),
                                 report: reportDrops).committed()
    }
}
