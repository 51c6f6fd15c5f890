import Foundation
import LaunchGate
import Logging
import SQLKit
import Synchronization
import Testing
@testable import LaunchGateServer
@testable import LaunchGateStorage
@testable import LaunchGateWebhooks

/// An endpoint's dropped events are counted after the change that queued them commits, outside
/// its transaction (review s14, K4): counted inside it, one failed receiver's row was written by
/// every sign-in, deletion and publish, and a rolled-back or retried change counted twice.
@Suite("Webhook drops counted after the change's commit")
struct WebhookDropCountTests {
    @Test("with an endpoint's queue full, a publish commits even when the endpoint's row can't be written, and the drop is counted after the commit (review s14, K4)",
          arguments: TestBackend.sql)
    func dropCountedOutsideTheChange(_ backend: TestBackend) async throws {
        try await backend.withRepository { apps, database in
            let database = try #require(database)
            let (webhooks, service) = try await Self.fullEndpoint(apps, database)
            // Counted inside the publish's transaction, this would fail the publish.
            try await WebhookOutboxTransactionTests.refuse(.update, on: "webhook_endpoints", database)
            let event: @Sendable (PolicyRevision) -> PendingWebhookEvent? = { revision in
                service.prepare(.policyPublished, appID: "notes", data: ["revision": revision.number], occurredAt: revision.issuedAt)
            }
            _ = try await apps.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "ada", note: nil, at: Samples.now,
                                       expectedRevision: nil, condition: nil, events: { [event($0)].compactMap { $0 } })
            #expect(try await webhooks.endpoint(id: "whe_full")?.dropped == 0, "best effort: the count's own write was refused, and logged")
            try await WebhookOutboxTransactionTests.allow(on: "webhook_endpoints", database)
            _ = try await apps.publish(appID: "notes", channel: .production, policy: Samples.policy(required: "2.1.0"), author: "ada", note: nil,
                                       at: Samples.now, expectedRevision: nil, condition: nil, events: { [event($0)].compactMap { $0 } })
            #expect(try await webhooks.endpoint(id: "whe_full")?.dropped == 1, "counted after the commit")
        }
    }

    @Test("a publish rolled back after queuing its event reports no drop; a committed one reports it once (review s14, K4)", arguments: TestBackend.sql)
    func rolledBackDropNotReported(_ backend: TestBackend) async throws {
        try await backend.withRepository { apps, database in
            let database = try #require(database)
            let (webhooks, _) = try await Self.fullEndpoint(apps, database)
            let reported = Mutex<[String]>([])
            let event: @Sendable (PolicyRevision) -> PendingWebhookEvent? = { revision in
                PendingWebhookEvent(event: WebhookEvent(id: "msg_\(revision.number)", appID: "notes", type: "policy.published", payload: "{}",
                                                        occurredAt: revision.issuedAt),
                                    repository: webhooks, limit: 1, makeID: { "whd_never" },
                                    reportDrops: { result in reported.withLock { $0 += result.droppedFor } })
            }
            try await WebhookOutboxTransactionTests.refuse(.update, on: "launchgate_changes", database)
            await #expect(throws: (any Error).self) {
                _ = try await apps.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "ada", note: nil,
                                           at: Samples.now, expectedRevision: nil, condition: nil, events: { [event($0)].compactMap { $0 } })
            }
            #expect(reported.withLock { $0 } == [], "the event's transaction was rolled back")
            try await WebhookOutboxTransactionTests.allow(on: "launchgate_changes", database)
            _ = try await apps.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "ada", note: nil,
                                       at: Samples.now, expectedRevision: nil, condition: nil, events: { [event($0)].compactMap { $0 } })
            #expect(reported.withLock { $0 } == ["whe_full"])
        }
    }

    // MARK: Helpers

    /// The app "notes" with one endpoint, `whe_full`, whose one place is taken, and a webhook
    /// service over SQL whose endpoints hold one pending delivery each.
    private static func fullEndpoint(_ apps: any LaunchGateRepository, _ database: Database) async throws
        -> (SQLWebhookRepository, WebhookService) {
        try await apps.createApp(Samples.app("notes"))
        let webhooks = SQLWebhookRepository(database: database)
        try await webhooks.addEndpoint(WebhookEndpointRecord(id: "whe_full", appID: "notes", url: "https://hooks.example.com/in", events: [],
                                                             sealedSecret: "sealed", createdAt: Samples.now), limit: 10)
        let key = try MasterKey(rawRepresentation: Data(repeating: 7, count: 32))
        let service = WebhookService(repository: webhooks, apps: apps, masterKey: { key }, now: { Samples.now },
                                     limits: WebhookLimits(pendingPerEndpoint: 1), logger: Logger(label: "test"))
        await service.emit(.userCreated, appID: "notes", data: ["n": 0], occurredAt: Samples.now)
        #expect(try await webhooks.deliveries(appID: "notes", failedOnly: false, limit: 10).count == 1)
        return (webhooks, service)
    }
}
