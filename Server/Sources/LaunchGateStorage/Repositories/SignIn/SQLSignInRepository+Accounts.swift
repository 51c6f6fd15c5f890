import Foundation
import SQLKit

extension SQLSignInRepository {
    // MARK: Sessions

    public func session(tokenHash: String) async throws -> (SessionRecord, UserRecord)? {
        try await database.read { db in
            guard let session = try await db.select().columns(Self.sessionColumns).from("sign_in_sessions")
                .where("token_hash", .equal, tokenHash).first().map(Self.session) else { return nil }
            guard let user = try await db.select().columns(Self.userColumns).from("sign_in_users")
                .where("id", .equal, session.userID).first().map(Self.user) else { return nil }
            return (session, user)
        }
    }

    public func revokeSession(tokenHash: String, at now: Date) async throws -> Bool {
        // Transactions for their durable commits: a revoked session must stay revoked.
        try await database.transaction { db in
            try await !db.update("sign_in_sessions").set("revoked_at", to: SQLBind(now.milliseconds))
                .where("token_hash", .equal, tokenHash).where("revoked_at", .is, SQLLiteral.null)
                .returning("id").all().isEmpty
        }
    }

    public func revokeSessions(appID: String, _ selector: SessionSelector, at now: Date) async throws -> Int {
        let (column, value): (String, String) = switch selector {
        case .session(let id): ("id", id)
        case .user(let id): ("user_id", id)
        case .device(let id): ("device_id", id)
        }
        return try await database.transaction { db in
            try await db.update("sign_in_sessions").set("revoked_at", to: SQLBind(now.milliseconds))
                .where("app_id", .equal, appID).where(SQLIdentifier(column), .equal, SQLBind(value)).where("revoked_at", .is, SQLLiteral.null)
                .returning("id").all().count
        }
    }

    public func sessions(appID: String, userID: String) async throws -> [SessionRecord] {
        try await database.read { db in
            try await db.select().columns(Self.sessionColumns).from("sign_in_sessions")
                .where("app_id", .equal, appID).where("user_id", .equal, userID)
                .orderBy("created_at", .descending).orderBy("id", .descending).all().map(Self.session)
        }
    }

    // MARK: Users

    public func users(appID: String, after email: String?, limit: Int) async throws -> [UserRecord] {
        try await database.read { db in
            var query = db.select().columns(Self.userColumns).from("sign_in_users").where("app_id", .equal, appID)
            if let email { query = query.where("email", .greaterThan, email) }
            return try await query.orderBy("email").limit(max(0, limit)).all().map(Self.user)
        }
    }

    public func user(appID: String, id: String) async throws -> UserRecord? {
        try await database.read { db in
            try await db.select().columns(Self.userColumns).from("sign_in_users")
                .where("app_id", .equal, appID).where("id", .equal, id).first().map(Self.user)
        }
    }

    public func user(appID: String, email: String) async throws -> UserRecord? {
        try await database.read { db in
            try await db.select().columns(Self.userColumns).from("sign_in_users")
                .where("app_id", .equal, appID).where("email", .equal, email).first().map(Self.user)
        }
    }

    public func deleteUser(_ deletion: AccountDeletion, event: PendingWebhookEvent?, at now: Date) async throws -> Bool {
        let (appID, id) = (deletion.appID, deletion.userID)
        // Run once more if PostgreSQL still ends it to break a deadlock with a request this order
        // doesn't cover: nothing of it was committed (attack s13, B1).
        let (deleted, queued) = try await againOnConflict { try await database.transaction { db -> (Bool, QueuedWebhookEvent?) in
            // The address's codes first, in the order a verify takes its locks (its code, then the
            // user's row): locking the user's row first crossed a verify of the same address, and
            // PostgreSQL ended one of the two (attack s13, B1). A write, so SQLite takes its write
            // lock before anything is read; an unknown user's subquery is NULL and matches no code.
            try await db.raw("""
                DELETE FROM sign_in_codes WHERE app_id = \(bind: appID)
                AND email = (SELECT email FROM sign_in_users WHERE app_id = \(bind: appID) AND id = \(bind: id))
                """).run()
            let found = try await db.update("sign_in_users").set("email", to: SQLColumn("email"))
                .where("app_id", .equal, appID).where("id", .equal, id).returning("email").all()
            guard let email = try found.first?.decode(column: "email", as: String.self) else { return (false, nil) }
            try await db.delete(from: "sign_in_sessions").where("user_id", .equal, id).run()
            for table in ["sign_in_codes", "sign_in_addresses", "sign_in_known_networks", "mail_outbox"] {
                try await db.delete(from: table).where("app_id", .equal, appID).where("email", .equal, email).run()
            }
            try await db.delete(from: "sign_in_users").where("id", .equal, id).run()
            try await Self.deleteLimitKeys(of: deletion, on: db)
            let queued = try await event?.enqueue(on: db)
            // Last, so a test can make it fail after every delete above and see them all undone.
            try await db.raw("""
                INSERT INTO sign_in_deletions (app_id, day, requested_by, deletions)
                VALUES (\(bind: appID), \(bind: InstallDay.of(now)), \(bind: deletion.requester.rawValue), 1)
                ON CONFLICT (app_id, day, requested_by) DO UPDATE SET deletions = sign_in_deletions.deletions + 1
                """).run()
            return (true, queued)
        } }
        await queued?.committed()
        return deleted
    }

    /// Deletes the rate-limit keys that name the address. Prefixes are compared with `substr`, not
    /// `LIKE`: an address may hold `%` and `_`, which `LIKE` would read as wildcards. The length is
    /// cast because PostgreSQL's `substr` takes an `integer`, and a bound Swift `Int` is a `bigint`.
    private static func deleteLimitKeys(of deletion: AccountDeletion, on db: any SQLDatabase) async throws {
        if !deletion.limitKeys.isEmpty {
            try await db.delete(from: "rate_limit_keys").where("key", .in, deletion.limitKeys).run()
        }
        for prefix in deletion.limitKeyPrefixes where !prefix.isEmpty {
            try await db.raw("""
                DELETE FROM rate_limit_keys WHERE substr("key", 1, CAST(\(bind: prefix.unicodeScalars.count) AS INTEGER)) = \(bind: prefix)
                """).run()
        }
    }

    public func deletions(appID: String, since: Date) async throws -> [DailyDeletions] {
        try await database.read { db in
            try await db.select().columns("day", "requested_by", "deletions").from("sign_in_deletions")
                .where("app_id", .equal, appID).where("day", .greaterThanOrEqual, InstallDay.of(since))
                .orderBy("day").orderBy("requested_by").all().compactMap { row in
                    guard let requester = DeletionRequester(rawValue: try row.decode(column: "requested_by", as: String.self)) else { return nil }
                    return DailyDeletions(day: InstallDay.start(try row.decode(column: "day", as: Int.self)), requester: requester,
                                          count: try row.decode(column: "deletions", as: Int.self))
                }
        }
    }

    // MARK: Outbox

    public func claimDueMail(at now: Date, lease: TimeInterval, limit: Int) async throws -> [OutboxMessage] {
        let (pending, due, until) = (OutboxMessage.State.pending.rawValue, now.milliseconds, now.addingTimeInterval(lease).milliseconds)
        let columns = Self.outboxColumns.joined(separator: ", ")
        // One statement. The outer conditions are checked again on each row as it is updated, so
        // where two instances picked the same rows, PostgreSQL's row lock makes the second skip
        // what the first claimed, and SQLite runs one writer at a time anyway. The ranks are
        // OutboxMessage.inTurns's: a row's turn in its network, then its turn in its app (window
        // functions can't nest, hence two levels). Every due row is ranked, not only the newest
        // through the due index: turns are over all of them. That costs under 10 µs a due row on
        // SQLite (15 ms for an app's whole hourly cap of 2,000 at once, 170 ms for 20,000), paid
        // once a claim of 10 while a backlog lasts; the apps' mail caps bound the backlog, and the
        // worker drains it faster than they let it grow (docs/server.md).
        let claimed = try await database.read { db in
            try await db.raw("""
                UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = \(bind: until)
                WHERE id IN (
                    SELECT id FROM (
                        SELECT id, created_at,
                               ROW_NUMBER() OVER (PARTITION BY app_id ORDER BY network_turn, created_at, id) AS app_turn
                        FROM (SELECT id, app_id, created_at,
                                     ROW_NUMBER() OVER (PARTITION BY app_id, network ORDER BY created_at DESC, id DESC) AS network_turn
                              FROM mail_outbox WHERE state = \(bind: pending) AND next_attempt_at <= \(bind: due)) AS due
                    ) AS turns
                    ORDER BY app_turn, created_at, id LIMIT \(bind: max(0, limit)))
                  AND state = \(bind: pending) AND next_attempt_at <= \(bind: due)
                RETURNING \(unsafeRaw: columns)
                """).all().map(Self.outboxMessage)
        }
        return OutboxMessage.inTurns(claimed)
    }

    public func retryMail(id: String, error: String, nextAttemptAt: Date) async throws {
        try await database.read { db in
            try await db.update("mail_outbox").set("last_error", to: SQLBind(error))
                .set("next_attempt_at", to: SQLBind(nextAttemptAt.milliseconds))
                .where("id", .equal, id).where("state", .equal, OutboxMessage.State.pending.rawValue).run()
        }
    }

    public func finishMail(id: String, state: OutboxMessage.State, error: String?, event: PendingWebhookEvent?, at now: Date) async throws {
        // SQL text rather than a builder: it runs once per message delivered (see SQLSignInRepository+Steps).
        let update: SQLQueryString = """
            UPDATE mail_outbox SET state = \(bind: state.rawValue), sealed_code = NULL, finished_at = \(bind: now.milliseconds),
              last_error = COALESCE(\(bind: error), last_error)
            WHERE id = \(bind: id) AND state = \(bind: OutboxMessage.State.pending.rawValue)
            """
        guard let event else { return try await database.read { db in try await db.raw(update).run() } }
        // With an event, a transaction: the message's end and its event commit together.
        let queued = try await database.transaction { db -> QueuedWebhookEvent? in
            try await db.raw(update + " RETURNING id").all().isEmpty ? nil : try await event.enqueue(on: db)
        }
        await queued?.committed()
    }

    public func takeDeliveryFailure(appID: String, email: String) async throws -> String? {
        let report = Self.reportFailures(appID: appID, email: email, if: Self.ungated)
        return try await database.read { db in try Self.newestFailure(try await db.raw(report).all()) }
    }

    public func outboxStatus(excludingApp: String?) async throws -> OutboxStatus {
        try await database.read { db in
            var counts = Dictionary(uniqueKeysWithValues: OutboxMessage.State.allCases.map { ($0.rawValue, 0) })
            // An app no message can have: the filter stays one shape of statement either way.
            let excluded = excludingApp ?? ""
            let grouped = try await db.select().column("state").column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
                .from("mail_outbox").where("app_id", .notEqual, excluded).groupBy("state").all()
            for row in grouped { counts[try row.decode(column: "state", as: String.self)] = try row.decode(column: "n", as: Int.self) }
            let oldest = try await db.select().column(SQLFunction("MIN", args: SQLColumn("created_at")), as: "oldest").from("mail_outbox")
                .where("state", .equal, OutboxMessage.State.pending.rawValue).where("app_id", .notEqual, excluded).first()
                .flatMap { try $0.decode(column: "oldest", as: Int64?.self) }.map(Date.init(milliseconds:))
            let failures = try await db.select().columns(Self.outboxColumns).from("mail_outbox")
                .where("state", .equal, OutboxMessage.State.failed.rawValue).where("app_id", .notEqual, excluded)
                .orderBy("finished_at", .descending).orderBy("id", .descending).limit(50).all().map(Self.outboxMessage)
            return OutboxStatus(counts: counts, oldestPendingAt: oldest, failures: failures)
        }
    }
}
