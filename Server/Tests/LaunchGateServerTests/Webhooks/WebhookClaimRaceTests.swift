import Foundation
import SQLKit
import Synchronization
import Testing
@testable import LaunchGateStorage

/// PostgreSQL runs claims side by side, so the rule "one delivery of an endpoint under lease" has
/// to hold between two of them; SQLite runs one writer at a time, and memory is an actor.
@Suite("Two claims racing on PostgreSQL never start two deliveries of one endpoint")
struct WebhookClaimRaceTests {
    @Test("a claim held up on an endpoint's delivery keeps a second claim off that endpoint, even for an older delivery queued meanwhile",
          arguments: TestBackend.available.filter { $0 == .postgres })
    func olderDeliveryQueuedDuringAClaim(_ backend: TestBackend) async throws {
        try await backend.withRepository { apps, database in
            let database = try #require(database)
            try await apps.createApp(Samples.app("notes"))
            let repository = SQLWebhookRepository(database: database)
            try await repository.addEndpoint(WebhookEndpointRecord(id: "whe_1", appID: "notes", url: "https://hooks.example.com/in", events: [],
                                                                   sealedSecret: "sealed", createdAt: Samples.now), limit: 10)
            let next = Mutex(0)
            let makeID: @Sendable () -> String = { next.withLock { $0 += 1; return "whd_\($0)" } }
            let queue: @Sendable (String, Double) async throws -> Void = { id, second in
                let event = WebhookEvent(id: id, appID: "notes", type: "policy.published", payload: "{}",
                                         occurredAt: Samples.now.addingTimeInterval(second))
                _ = try await repository.enqueue(event, endpointID: nil, limit: 100, makeID: makeID)
            }
            try await queue("msg_later", 5)
            let at = Samples.now.addingTimeInterval(10)
            let first = try await database.transaction { db in
                // Holds the delivery's row, as a slow first claim would be part way through its update.
                try await db.raw("SELECT id FROM webhook_deliveries WHERE endpoint_id = 'whe_1' FOR UPDATE").run()
                let first = Task { try await repository.claimDue(at: at, lease: 60, limit: 1) }
                try await Self.waitForALockWait(database)
                try await queue("msg_earlier", 1)
                let second = try await repository.claimDue(at: at, lease: 60, limit: 1)
                #expect(second.isEmpty, "the endpoint is being claimed; got \(second.map(\.eventID))")
                return first
            }
            let claimed = try await first.value
            #expect(claimed.map(\.eventID) == ["msg_later"])
            let leased = try await repository.deliveries(appID: "notes", failedOnly: false, limit: 10).filter { $0.leasedUntil > at }
            #expect(leased.count == 1, "one delivery of the endpoint under way")
        }
    }

    /// Returns once a statement on this database waits for a lock (the claim, on the held row).
    private static func waitForALockWait(_ database: Database) async throws {
        for _ in 0..<1000 {
            let waiting = try await database.read { db in
                try await db.raw("""
                    SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
                    """).first().map { try $0.decode(column: "n", as: Int.self) } ?? 0
            }
            if waiting > 0 { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("no claim waited for the held row")
    }
}
