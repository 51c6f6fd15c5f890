import Foundation
import SQLKit

/// The ``WebhookRepository`` over SQLKit, for SQLite and PostgreSQL alike.
///
/// A claim is one `UPDATE … WHERE … RETURNING` whose conditions PostgreSQL re-checks on each row
/// as a concurrent claim left it (and SQLite runs one writer at a time), so two instances never
/// hold one delivery at once; on PostgreSQL it first locks the endpoints it claims for, so two
/// never hold deliveries of one endpoint at once either.
public struct SQLWebhookRepository: WebhookRepository {
    package let database: Database

    /// Creates a repository; run ``Migrator`` first.
    /// - Parameter database: The open database.
    public init(database: Database) { self.database = database }

    public func addEndpoint(_ endpoint: WebhookEndpointRecord, limit: Int) async throws {
        do {
            try await database.transaction { db in
                // The count and the insert in one transaction: SQLite's writer lock, and on
                // PostgreSQL the app row's lock, keep two adds from both taking the last place.
                if db.dialect.name != "sqlite" {
                    try await db.raw("SELECT id FROM apps WHERE id = \(bind: endpoint.appID) FOR UPDATE").run()
                }
                let count = try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("webhook_endpoints")
                    .where("app_id", .equal, endpoint.appID).where("disabled_at", .is, SQLLiteral.null).first()
                    .map { try $0.decode(column: "n", as: Int.self) } ?? 0
                guard count < limit else { throw WebhookStorageError.tooManyEndpoints(app: endpoint.appID, limit: limit) }
                try await db.insert(into: "webhook_endpoints")
                    .columns("id", "app_id", "url", "events", "sealed_secret", "created_at", "disabled_at", "dropped")
                    .values(SQLBind(endpoint.id), SQLBind(endpoint.appID), SQLBind(endpoint.url), SQLBind(endpoint.events.joined(separator: ",")),
                            SQLBind(endpoint.sealedSecret), SQLBind(endpoint.createdAt.milliseconds), SQLBind(endpoint.disabledAt?.milliseconds),
                            SQLBind(endpoint.dropped))
                    .run()
            }
        } catch where SQLRepository.isUniqueViolation(error) {
            throw ServiceError.idCollision
        } catch where SQLSignInRepository.isForeignKeyViolation(error) {
            throw ServiceError.appNotFound(endpoint.appID)
        }
    }

    public func endpoint(id: String) async throws -> WebhookEndpointRecord? {
        try await database.read { db in
            try await db.select().columns(Self.endpointColumns).from("webhook_endpoints").where("id", .equal, id).first().map(Self.endpoint)
        }
    }

    public func endpoints(appID: String) async throws -> [WebhookEndpointRecord] {
        try await database.read { db in try await Self.activeEndpoints(db, appID: appID) }
    }

    public func disableEndpoint(id: String, appID: String, at now: Date) async throws -> Bool {
        try await database.transaction { db in
            let changed = try await db.update("webhook_endpoints").set("disabled_at", to: SQLBind(now.milliseconds))
                .where("id", .equal, id).where("app_id", .equal, appID).where("disabled_at", .is, SQLLiteral.null)
                .returning("id").all()
            guard !changed.isEmpty else { return false }
            try await db.update("webhook_deliveries").set("state", to: SQLBind(WebhookDeliveryRecord.State.failed.rawValue))
                .set("last_error", to: SQLBind(WebhookDeliveryRecord.removedEndpointError))
                .where("endpoint_id", .equal, id).where("state", .equal, WebhookDeliveryRecord.State.pending.rawValue).run()
            return true
        }
    }

    public func enqueue(_ event: WebhookEvent, endpointID: String?, limit: Int,
                        makeID: @escaping @Sendable () -> String) async throws -> WebhookEnqueueResult {
        try await database.transaction { db in try await Self.enqueue(event, endpointID: endpointID, limit: limit, makeID: makeID, on: db) }
    }

    /// Queues an event on `db`, inside the caller's transaction when it has one, so the event is
    /// stored with the change it reports or not at all.
    package static func enqueue(_ event: WebhookEvent, endpointID: String?, limit: Int,
                                makeID: @Sendable () -> String, on db: any SQLDatabase) async throws -> WebhookEnqueueResult {
        var result = WebhookEnqueueResult()
        let targets = try await activeEndpoints(db, appID: event.appID)
            .filter { endpoint in endpointID.map { $0 == endpoint.id } ?? endpoint.receives(event.type) }
        for endpoint in targets {
            guard try await pendingCount(db, endpointID: endpoint.id) < limit else {
                // Named only: the count is updated after the commit (countDrops), not on the
                // caller's transaction, which would hold the endpoint's row (review s14, K4).
                result.droppedFor.append(endpoint.id)
                continue
            }
            let delivery = WebhookDeliveryRecord(id: makeID(), endpointID: endpoint.id, appID: event.appID, eventID: event.id,
                                                 type: event.type, payload: event.payload, createdAt: event.occurredAt)
            try await insert(delivery, on: db)
            result.queued.append(delivery)
        }
        return result
    }

    public func countDrops(endpointIDs: [String]) async throws {
        guard !endpointIDs.isEmpty else { return }
        try await database.read { db in
            // One statement per ID: an ID named twice counts twice, and each is its own short write.
            for id in endpointIDs {
                try await db.raw("UPDATE webhook_endpoints SET dropped = dropped + 1 WHERE id = \(bind: id)").run()
            }
        }
    }

    public func redeliver(id: String, appID: String, newID: String, limit: Int, at now: Date) async throws -> WebhookDeliveryRecord? {
        try await database.transaction { db in
            guard let old = try await db.select().columns(Self.deliveryColumns).from("webhook_deliveries")
                .where("id", .equal, id).where("app_id", .equal, appID).first().map(Self.delivery) else {
                throw WebhookStorageError.deliveryNotFound(id)
            }
            guard try await db.select().column("id").from("webhook_endpoints").where("id", .equal, old.endpointID)
                .where("disabled_at", .is, SQLLiteral.null).first() != nil else {
                throw WebhookStorageError.endpointNotFound(old.endpointID)
            }
            guard try await Self.pendingCount(db, endpointID: old.endpointID) < limit else {
                try await db.raw("UPDATE webhook_endpoints SET dropped = dropped + 1 WHERE id = \(bind: old.endpointID)").run()
                return nil
            }
            let delivery = WebhookDeliveryRecord(id: newID, endpointID: old.endpointID, appID: appID, eventID: old.eventID,
                                                 type: old.type, payload: old.payload, createdAt: now)
            try await Self.insert(delivery, on: db)
            return delivery
        }
    }

    public func claimDue(at now: Date, lease: TimeInterval, limit: Int) async throws -> [WebhookDeliveryRecord] {
        let (pending, due, until) = (WebhookDeliveryRecord.State.pending.rawValue, now.milliseconds, now.addingTimeInterval(lease).milliseconds)
        let columns = Self.deliveryColumns.joined(separator: ", ")
        let claimed = try await database.transaction(.relaxed) { db -> [WebhookDeliveryRecord] in
            var only: SQLQueryString = ""
            if db.dialect.name != "sqlite" {
                // The endpoints first, each locked by one claim at a time and skipped by the others,
                // in a statement of their own: the claim below then reads the deliveries after the
                // lock, so it sees every lease a claim of these endpoints committed before. One
                // statement alone reads from its start, and could miss a lease committed meanwhile,
                // then start an older-dated delivery of an endpoint with one under way (s14 reread).
                // NO KEY: a delivery queued meanwhile only key-shares its endpoint, and isn't held
                // up. SQLite runs one writer at a time and needs none of this.
                let locked = try await db.raw("""
                    SELECT e.id FROM webhook_endpoints e
                    JOIN (SELECT d.endpoint_id, MIN(d.next_attempt_at) AS first FROM webhook_deliveries d
                          WHERE d.state = \(bind: pending) AND d.next_attempt_at <= \(bind: due) AND d.leased_until <= \(bind: due)
                            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries busy WHERE busy.endpoint_id = d.endpoint_id
                                            AND busy.state = \(bind: pending) AND busy.leased_until > \(bind: due))
                          GROUP BY d.endpoint_id) waiting ON waiting.endpoint_id = e.id
                    ORDER BY waiting.first, e.id LIMIT \(bind: max(0, limit))
                    FOR NO KEY UPDATE OF e SKIP LOCKED
                    """).all().map { try $0.decode(column: "id", as: String.self) }
                guard !locked.isEmpty else { return [] }
                only = "AND d.endpoint_id IN (\(binds: locked))"
            }
            // The outer conditions are checked again on each row as it is updated: where two
            // instances picked the same rows, PostgreSQL's row lock makes the second skip what
            // the first claimed. Each endpoint's oldest due delivery only, and none of an endpoint
            // with one under lease: a receiver that stalls holds one of the senders, not all
            // (attack s14, H2).
            return try await db.raw("""
                UPDATE webhook_deliveries SET attempts = attempts + 1, leased_until = \(bind: until)
                WHERE id IN (
                    SELECT d.id FROM webhook_deliveries d
                    WHERE d.state = \(bind: pending) AND d.next_attempt_at <= \(bind: due) AND d.leased_until <= \(bind: due) \(only)
                      AND NOT EXISTS (SELECT 1 FROM webhook_deliveries busy WHERE busy.endpoint_id = d.endpoint_id
                                      AND busy.state = \(bind: pending) AND busy.leased_until > \(bind: due))
                      AND NOT EXISTS (SELECT 1 FROM webhook_deliveries older WHERE older.endpoint_id = d.endpoint_id
                                      AND older.state = \(bind: pending) AND older.next_attempt_at <= \(bind: due)
                                      AND (older.next_attempt_at < d.next_attempt_at OR (older.next_attempt_at = d.next_attempt_at AND older.id < d.id)))
                    ORDER BY d.next_attempt_at, d.id LIMIT \(bind: max(0, limit)))
                  AND state = \(bind: pending) AND next_attempt_at <= \(bind: due) AND leased_until <= \(bind: due)
                RETURNING \(unsafeRaw: columns)
                """).all().map(Self.delivery)
        }
        return claimed.sorted { ($0.nextAttemptAt, $0.id) < ($1.nextAttemptAt, $1.id) }
    }

    public func retry(id: String, attempt: Int, status: Int?, error: String, nextAttemptAt: Date) async throws {
        try await database.read { db in
            try await db.raw("""
                UPDATE webhook_deliveries SET last_status = COALESCE(\(bind: status), last_status), last_error = \(bind: error),
                  next_attempt_at = \(bind: nextAttemptAt.milliseconds), leased_until = 0
                WHERE id = \(bind: id) AND attempts = \(bind: attempt) AND state = \(bind: WebhookDeliveryRecord.State.pending.rawValue)
                """).run()
        }
    }

    public func finish(id: String, attempt: Int, state: WebhookDeliveryRecord.State, status: Int?, error: String?, at now: Date) async throws {
        let deliveredAt: Int64? = state == .delivered ? now.milliseconds : nil
        try await database.read { db in
            try await db.raw("""
                UPDATE webhook_deliveries SET state = \(bind: state.rawValue), last_status = COALESCE(\(bind: status), last_status),
                  last_error = COALESCE(\(bind: error), last_error), delivered_at = \(bind: deliveredAt), leased_until = 0
                WHERE id = \(bind: id) AND attempts = \(bind: attempt) AND state = \(bind: WebhookDeliveryRecord.State.pending.rawValue)
                """).run()
        }
    }

    public func delivery(id: String, appID: String) async throws -> WebhookDeliveryRecord? {
        try await database.read { db in
            try await db.select().columns(Self.deliveryColumns).from("webhook_deliveries")
                .where("id", .equal, id).where("app_id", .equal, appID).first().map(Self.delivery)
        }
    }

    public func prune(createdBefore cutoff: Date) async throws -> Int {
        try await database.transaction { db in
            try await db.delete(from: "webhook_deliveries")
                .where("state", .notEqual, WebhookDeliveryRecord.State.pending.rawValue)
                .where("created_at", .lessThan, cutoff.milliseconds)
                .returning("id").all().count
        }
    }

    public func deliveries(appID: String, failedOnly: Bool, limit: Int) async throws -> [WebhookDeliveryRecord] {
        try await database.read { db in
            var query = db.select().columns(Self.deliveryColumns).from("webhook_deliveries").where("app_id", .equal, appID)
            if failedOnly { query = query.where("state", .equal, WebhookDeliveryRecord.State.failed.rawValue) }
            return try await query.orderBy("created_at", .descending).orderBy("id", .descending).limit(max(0, limit)).all().map(Self.delivery)
        }
    }
}
