import Foundation
import Synchronization
import Testing
@testable import LaunchGateStorage

/// One contract for every ``WebhookRepository``: memory, SQLite and PostgreSQL.
@Suite("Webhook storage keeps endpoints within their bounds and hands each due delivery to one claimer at a time")
struct WebhookRepositoryContractTests {
    private func withWebhooks(_ backend: TestBackend, _ body: (any WebhookRepository) async throws -> Void) async throws {
        try await backend.withRepository { apps, database in
            try await apps.createApp(Samples.app("notes"))
            try await apps.createApp(Samples.app("other"))
            try await body(database.map { SQLWebhookRepository(database: $0) } ?? MemoryWebhookRepository())
        }
    }

    private func endpoint(_ id: String, app: String = "notes", events: [String] = [], minute: Double = 0) -> WebhookEndpointRecord {
        WebhookEndpointRecord(id: id, appID: app, url: "https://hooks.example.com/\(id)", events: events, sealedSecret: "sealed-\(id)",
                              createdAt: Samples.now.addingTimeInterval(minute * 60))
    }

    private func event(_ id: String, type: String = "policy.published", app: String = "notes", second: Double = 0) -> WebhookEvent {
        WebhookEvent(id: id, appID: app, type: type, payload: #"{"n":"\#(id)"}"#, occurredAt: Samples.now.addingTimeInterval(second))
    }

    private func ids(_ prefix: String) -> @Sendable () -> String {
        let next = Mutex(0)
        return { next.withLock { $0 += 1; return "\(prefix)\($0)" } }
    }

    @Test("an added endpoint is listed with its filter; removed ones aren't, and an app holds at most the limit", arguments: TestBackend.available)
    func endpoints(_ backend: TestBackend) async throws {
        try await withWebhooks(backend) { repository in
            try await repository.addEndpoint(endpoint("whe_1", events: ["policy.published", "user.created"]), limit: 2)
            try await repository.addEndpoint(endpoint("whe_2", minute: 1), limit: 2)
            await #expect(throws: WebhookStorageError.tooManyEndpoints(app: "notes", limit: 2)) {
                try await repository.addEndpoint(endpoint("whe_3", minute: 2), limit: 2)
            }
            try await repository.addEndpoint(endpoint("whe_4", app: "other"), limit: 2)
            #expect(try await repository.endpoints(appID: "notes") == [endpoint("whe_1", events: ["policy.published", "user.created"]),
                                                                     endpoint("whe_2", minute: 1)])
            #expect(try await repository.disableEndpoint(id: "whe_1", appID: "other", at: Samples.now) == false, "another app's")
            #expect(try await repository.disableEndpoint(id: "whe_1", appID: "notes", at: Samples.now))
            #expect(try await repository.disableEndpoint(id: "whe_1", appID: "notes", at: Samples.now) == false)
            #expect(try await repository.endpoints(appID: "notes").map(\.id) == ["whe_2"])
            #expect(try await repository.endpoint(id: "whe_1")?.disabledAt == Samples.now)
            try await repository.addEndpoint(endpoint("whe_5", minute: 3), limit: 2)
        }
    }

    @Test("pruning deletes finished deliveries queued before the cutoff, and keeps pending ones and newer ones (review s13, G3)", arguments: TestBackend.available)
    func pruneFinished(_ backend: TestBackend) async throws {
        try await withWebhooks(backend) { repository in
            try await repository.addEndpoint(endpoint("whe_1"), limit: 10)
            for (id, second) in [("msg_old_done", 0.0), ("msg_old_failed", 1), ("msg_old_pending", 2), ("msg_new_done", 100)] {
                _ = try await repository.enqueue(event(id, second: second), endpointID: nil, limit: 10, makeID: ids("whd_\(id)_"))
            }
            // One endpoint's deliveries are claimed one at a time; the pending one waits for a retry.
            while let delivery = try await repository.claimDue(at: Samples.now.addingTimeInterval(200), lease: 60, limit: 10).first {
                switch delivery.eventID {
                case "msg_old_done", "msg_new_done":
                    try await repository.finish(id: delivery.id, attempt: delivery.attempts, state: .delivered, status: 200, error: nil, at: Samples.now)
                case "msg_old_failed":
                    try await repository.finish(id: delivery.id, attempt: delivery.attempts, state: .failed, status: 500, error: "500", at: Samples.now)
                default:
                    try await repository.retry(id: delivery.id, attempt: delivery.attempts, status: 503, error: "503",
                                               nextAttemptAt: Samples.now.addingTimeInterval(10_000))
                }
            }
            #expect(try await repository.prune(createdBefore: Samples.now.addingTimeInterval(50)) == 2)
            let left = try await repository.deliveries(appID: "notes", failedOnly: false, limit: 10).map(\.eventID).sorted()
            #expect(left == ["msg_new_done", "msg_old_pending"])
            #expect(try await repository.prune(createdBefore: Samples.now.addingTimeInterval(50)) == 0)
        }
    }

    @Test("an event is queued for each active endpoint whose filter takes it, or for the one endpoint named", arguments: TestBackend.available)
    func enqueueFilters(_ backend: TestBackend) async throws {
        try await withWebhooks(backend) { repository in
            try await repository.addEndpoint(endpoint("whe_all"), limit: 10)
            try await repository.addEndpoint(endpoint("whe_users", events: ["user.created"], minute: 1), limit: 10)
            try await repository.addEndpoint(endpoint("whe_elsewhere", app: "other"), limit: 10)
            let published = try await repository.enqueue(event("msg_1"), endpointID: nil, limit: 10, makeID: ids("whd_a"))
            #expect(published.queued.map(\.endpointID) == ["whe_all"] && published.droppedFor.isEmpty)
            let created = try await repository.enqueue(event("msg_2", type: "user.created"), endpointID: nil, limit: 10, makeID: ids("whd_b"))
            #expect(created.queued.map(\.endpointID) == ["whe_all", "whe_users"])
            let test = try await repository.enqueue(event("msg_3", type: "webhook.test"), endpointID: "whe_users", limit: 10, makeID: ids("whd_c"))
            #expect(test.queued.map(\.endpointID) == ["whe_users"])
            let stored = try #require(try await repository.delivery(id: "whd_a1", appID: "notes"))
            #expect(stored == published.queued[0] && stored.state == .pending && stored.eventID == "msg_1" && stored.payload == #"{"n":"msg_1"}"#)
            #expect(try await repository.delivery(id: "whd_a1", appID: "other") == nil)
        }
    }

    @Test("past the pending cap an endpoint's event is dropped and named, counted only by countDrops, and queued again once the queue drains",
          arguments: TestBackend.available)
    func pendingCap(_ backend: TestBackend) async throws {
        try await withWebhooks(backend) { repository in
            try await repository.addEndpoint(endpoint("whe_1"), limit: 10)
            let makeID = ids("whd_")
            for n in 1...2 { #expect(try await repository.enqueue(event("msg_\(n)"), endpointID: nil, limit: 2, makeID: makeID).queued.count == 1) }
            let third = try await repository.enqueue(event("msg_3"), endpointID: nil, limit: 2, makeID: makeID)
            #expect(third.queued.isEmpty && third.droppedFor == ["whe_1"])
            // Not on the enqueue's transaction, which may be a client's change (review s14, K4).
            #expect(try await repository.endpoint(id: "whe_1")?.dropped == 0)
            try await repository.countDrops(endpointIDs: third.droppedFor)
            #expect(try await repository.endpoint(id: "whe_1")?.dropped == 1)
            #expect(try await repository.redeliver(id: "whd_1", appID: "notes", newID: "whd_r", limit: 2, at: Samples.now) == nil)
            #expect(try await repository.endpoint(id: "whe_1")?.dropped == 2)
            try await repository.countDrops(endpointIDs: ["whe_1", "whe_1"])
            #expect(try await repository.endpoint(id: "whe_1")?.dropped == 4, "an ID twice counts twice")
            let claimed = try await repository.claimDue(at: Samples.now, lease: 60, limit: 1)
            try await repository.finish(id: claimed[0].id, attempt: 1, state: .delivered, status: 200, error: nil, at: Samples.now)
            #expect(try await repository.enqueue(event("msg_4"), endpointID: nil, limit: 2, makeID: makeID).queued.count == 1)
        }
    }

    @Test("a claimed delivery is hidden from other claims until its lease lapses, and each claim counts an attempt", arguments: TestBackend.available)
    func leases(_ backend: TestBackend) async throws {
        try await withWebhooks(backend) { repository in
            try await repository.addEndpoint(endpoint("whe_1"), limit: 10)
            _ = try await repository.enqueue(event("msg_1"), endpointID: nil, limit: 10, makeID: ids("whd_"))
            let first = try await repository.claimDue(at: Samples.now, lease: 120, limit: 10)
            #expect(first.map(\.id) == ["whd_1"] && first[0].attempts == 1)
            #expect(try await repository.claimDue(at: Samples.now.addingTimeInterval(119), lease: 120, limit: 10).isEmpty)
            let again = try await repository.claimDue(at: Samples.now.addingTimeInterval(121), lease: 120, limit: 10)
            #expect(again.map(\.attempts) == [2], "a claimer that died is replaced once its lease lapses")
            // The first claimer's late outcome is fenced off: its attempt is no longer the delivery's.
            try await repository.finish(id: "whd_1", attempt: 1, state: .delivered, status: 200, error: nil, at: Samples.now)
            #expect(try await repository.delivery(id: "whd_1", appID: "notes")?.state == .pending)
            try await repository.retry(id: "whd_1", attempt: 2, status: 503, error: "HTTP 503", nextAttemptAt: Samples.now.addingTimeInterval(500))
            let retried = try #require(try await repository.delivery(id: "whd_1", appID: "notes"))
            #expect(retried.lastStatus == 503 && retried.lastError == "HTTP 503" && retried.nextAttemptAt == Samples.now.addingTimeInterval(500))
            #expect(try await repository.claimDue(at: Samples.now.addingTimeInterval(499), lease: 120, limit: 10).isEmpty, "not due yet")
            let third = try await repository.claimDue(at: Samples.now.addingTimeInterval(500), lease: 120, limit: 10)
            try await repository.finish(id: "whd_1", attempt: third[0].attempts, state: .delivered, status: 204, error: nil, at: Samples.now.addingTimeInterval(501))
            let done = try #require(try await repository.delivery(id: "whd_1", appID: "notes"))
            #expect(done.state == .delivered && done.lastStatus == 204 && done.deliveredAt == Samples.now.addingTimeInterval(501))
            #expect(try await repository.claimDue(at: Samples.now.addingTimeInterval(10_000), lease: 120, limit: 10).isEmpty)
        }
    }

    @Test("concurrent claims never hand one delivery to two claimers, nor two deliveries of one endpoint", arguments: TestBackend.available)
    func concurrentClaims(_ backend: TestBackend) async throws {
        try await withWebhooks(backend) { repository in
            for n in 1...10 { try await repository.addEndpoint(endpoint("whe_\(n)", minute: Double(n)), limit: 10) }
            let makeID = ids("whd_")
            for n in 1...3 { _ = try await repository.enqueue(event("msg_\(n)", second: Double(n)), endpointID: nil, limit: 100, makeID: makeID) }
            let racing = try await withThrowingTaskGroup(of: [WebhookDeliveryRecord].self) { group in
                for _ in 0..<6 { group.addTask { try await repository.claimDue(at: Samples.now.addingTimeInterval(10), lease: 120, limit: 4) } }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            // A claimer that lost a race for a row may come back short; one more claim takes the rest.
            let claims = racing + (try await repository.claimDue(at: Samples.now.addingTimeInterval(10), lease: 120, limit: 100))
            #expect(Set(claims.map(\.id)).count == claims.count && Set(claims.map(\.endpointID)).count == 10 && claims.count == 10)
            #expect(claims.allSatisfy { $0.eventID == "msg_1" }, "each endpoint's oldest")
        }
    }

    @Test("an endpoint has at most one delivery claimed at a time, its oldest due; the next is claimed once that one is done or its lease lapses (attack s14, H2)",
          arguments: TestBackend.available)
    func oneClaimPerEndpoint(_ backend: TestBackend) async throws {
        try await withWebhooks(backend) { repository in
            for id in ["whe_a", "whe_b", "whe_c"] { try await repository.addEndpoint(endpoint(id), limit: 10) }
            let makeID = ids("whd_")
            for n in 1...3 { _ = try await repository.enqueue(event("msg_\(n)", second: Double(n)), endpointID: nil, limit: 100, makeID: makeID) }
            let at = Samples.now.addingTimeInterval(10)
            let first = try await repository.claimDue(at: at, lease: 60, limit: 10)
            #expect(first.map(\.eventID) == ["msg_1", "msg_1", "msg_1"] && Set(first.map(\.endpointID)).count == 3)
            #expect(try await repository.claimDue(at: at, lease: 60, limit: 10).isEmpty, "every endpoint has one under way")
            let a = try #require(first.first { $0.endpointID == "whe_a" }), b = try #require(first.first { $0.endpointID == "whe_b" })
            try await repository.finish(id: a.id, attempt: 1, state: .delivered, status: 200, error: nil, at: at)
            try await repository.retry(id: b.id, attempt: 1, status: 503, error: "503", nextAttemptAt: at.addingTimeInterval(300))
            let next = try await repository.claimDue(at: at, lease: 60, limit: 10)
            #expect(next.map(\.endpointID).sorted() == ["whe_a", "whe_b"] && next.allSatisfy { $0.eventID == "msg_2" },
                    "a done and b waiting for its retry free their endpoints; c's is still under way")
            let lapsed = try await repository.claimDue(at: at.addingTimeInterval(61), lease: 60, limit: 10)
            #expect(lapsed.map(\.endpointID).sorted() == ["whe_a", "whe_b", "whe_c"], "leases lapsed")
            #expect(lapsed.first { $0.endpointID == "whe_c" }?.eventID == "msg_1", "c's first again, its oldest")
        }
    }

    @Test("a redelivery is a new delivery of the same event ID; deliveries list newest first, failed ones on their own", arguments: TestBackend.available)
    func redeliverAndList(_ backend: TestBackend) async throws {
        try await withWebhooks(backend) { repository in
            try await repository.addEndpoint(endpoint("whe_1"), limit: 10)
            _ = try await repository.enqueue(event("msg_1"), endpointID: nil, limit: 10, makeID: ids("whd_"))
            _ = try await repository.claimDue(at: Samples.now, lease: 60, limit: 10)
            try await repository.finish(id: "whd_1", attempt: 1, state: .failed, status: 500, error: "HTTP 500", at: Samples.now)
            let again = try #require(try await repository.redeliver(id: "whd_1", appID: "notes", newID: "whd_2", limit: 10, at: Samples.now.addingTimeInterval(60)))
            #expect(again.eventID == "msg_1" && again.state == .pending && again.attempts == 0 && again.payload == #"{"n":"msg_1"}"#)
            #expect(try await repository.deliveries(appID: "notes", failedOnly: false, limit: 10).map(\.id) == ["whd_2", "whd_1"])
            #expect(try await repository.deliveries(appID: "notes", failedOnly: true, limit: 10).map(\.id) == ["whd_1"])
            await #expect(throws: WebhookStorageError.deliveryNotFound("whd_1")) {
                try await repository.redeliver(id: "whd_1", appID: "other", newID: "whd_3", limit: 10, at: Samples.now)
            }
            #expect(try await repository.disableEndpoint(id: "whe_1", appID: "notes", at: Samples.now))
            #expect(try await repository.delivery(id: "whd_2", appID: "notes")?.state == .failed, "a removed endpoint's queue fails")
            await #expect(throws: WebhookStorageError.endpointNotFound("whe_1")) {
                try await repository.redeliver(id: "whd_1", appID: "notes", newID: "whd_4", limit: 10, at: Samples.now)
            }
        }
    }
}
