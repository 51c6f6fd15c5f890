import Foundation
import SQLKit

/// The statements behind each decision, on a connection the caller holds: a method of the protocol
/// runs one of them in a transaction of its own, and a request (send-code, verify-code) runs all of
/// its steps in one, so it takes the database's lock once.
///
/// They are written as SQL text with binds rather than with SQLKit's builders: they run on every
/// send and verify, inside the transaction that holds SQLite's only connection, and serialising a
/// builder (quoting each identifier) took a fifth of that connection's time. The SQL is the same
/// on both engines (UPSERT, RETURNING); "key" and "at" are quoted as keywords.
extension SQLSignInRepository {
    static func addressState(appID: String, email: String, on db: any SQLDatabase) async throws -> AddressState? {
        try await db.raw("SELECT failures, locked_until FROM sign_in_addresses WHERE app_id = \(bind: appID) AND email = \(bind: email)")
            .first().map(Self.addressState)
    }

    static func takeDeliveryFailure(appID: String, email: String, on db: any SQLDatabase) async throws -> String? {
        let rows = try await db.raw("""
            UPDATE mail_outbox SET failure_reported = 1
            WHERE app_id = \(bind: appID) AND email = \(bind: email) AND state = \(bind: OutboxMessage.State.failed.rawValue)
              AND failure_reported = 0
            RETURNING id, last_error, finished_at
            """).all()
        let failures = try rows.map { row in
            (try row.decode(column: "finished_at", as: Int64?.self) ?? 0, try row.decode(column: "id", as: String.self),
             try row.decode(column: "last_error", as: String?.self))
        }
        guard let newest = failures.max(by: { ($0.0, $0.1) < ($1.0, $1.1) }) else { return nil }
        return newest.2 ?? OutboxMessage.unknownFailure
    }

    /// Records one event under the key when every rule allows it. - Returns: `nil` when recorded,
    /// else the seconds to wait.
    static func charge(_ charge: RateLimitCharge, at now: Date, on db: any SQLDatabase) async throws -> TimeInterval? {
        let horizon = now.addingTimeInterval(-(charge.rules.map(\.window).max() ?? 0)).milliseconds
        // PostgreSQL: the write that takes the key's row lock comes first, before anything is
        // counted, so concurrent callers count one after another. SQLite's transactions begin
        // IMMEDIATE and so already hold the whole database's write lock; the row would only cost time.
        if db.dialect.name != "sqlite" {
            try await db.raw("""
                INSERT INTO rate_limit_keys ("key", touched_at) VALUES (\(bind: charge.key), \(bind: now.milliseconds))
                ON CONFLICT ("key") DO UPDATE SET touched_at = excluded.touched_at
                """).run()
        }
        let times = try await db.raw("SELECT \"at\" FROM rate_limit_events WHERE \"key\" = \(bind: charge.key) AND \"at\" > \(bind: horizon)")
            .all().map { Date(milliseconds: try $0.decode(column: "at", as: Int64.self)) }
        if let wait = charge.rules.compactMap({ $0.wait(after: times, at: now) }).max() { return wait }
        // Older events are left to the sweep (every 10 minutes, by `at`): a key holds at most its
        // limit per window, times the windows between sweeps, meanwhile.
        try await db.raw("INSERT INTO rate_limit_events (\"key\", \"at\") VALUES (\(bind: charge.key), \(bind: now.milliseconds))").run()
        return nil
    }

    static func insert(_ code: SignInCodeRecord, mail: OutboxMessage, on db: any SQLDatabase) async throws {
        try await db.raw("""
            INSERT INTO sign_in_codes (app_id, email, id, code_hash, attempts, created_at, expires_at, consumed_at)
            VALUES (\(bind: code.appID), \(bind: code.email), \(bind: code.id), \(bind: code.codeHash), \(bind: code.attempts),
                    \(bind: code.createdAt.milliseconds), \(bind: code.expiresAt.milliseconds), \(bind: code.consumedAt?.milliseconds))
            ON CONFLICT (app_id, email) DO UPDATE SET id = excluded.id, code_hash = excluded.code_hash, attempts = excluded.attempts,
              created_at = excluded.created_at, expires_at = excluded.expires_at, consumed_at = excluded.consumed_at
            """).run()
        // Mail still waiting for the code just replaced would only deliver a dead code, perhaps
        // after the new one (a retried message is due later): it ends as expired, its code erased.
        try await db.raw("""
            UPDATE mail_outbox SET state = \(bind: OutboxMessage.State.expired.rawValue), sealed_code = NULL,
              finished_at = \(bind: code.createdAt.milliseconds)
            WHERE app_id = \(bind: code.appID) AND email = \(bind: code.email) AND state = \(bind: OutboxMessage.State.pending.rawValue)
            """).run()
        try await Self.insert(mail, into: db)
    }

    static func claimAttempt(appID: String, email: String, maxAttempts: Int, at now: Date,
                             on db: any SQLDatabase) async throws -> SignInCodeRecord? {
        try await db.raw("""
            UPDATE sign_in_codes SET attempts = attempts + 1
            WHERE app_id = \(bind: appID) AND email = \(bind: email) AND consumed_at IS NULL
              AND expires_at > \(bind: now.milliseconds) AND attempts < \(bind: maxAttempts)
            RETURNING \(unsafeRaw: Self.codeColumns.joined(separator: ", "))
            """).all().first.map(Self.code)
    }

    /// - Parameter failures: The address's failure count when the caller has read it; `nil` when unknown.
    static func completeSignIn(codeID: String, appID: String, email: String, newUserID: String, grant: SessionGrant, at now: Date,
                               failures: Int?, on db: any SQLDatabase) async throws -> SignInCompletion? {
        // First, so the row lock orders concurrent verifies: the second sees the code used.
        let consumed = try await db.raw("""
            UPDATE sign_in_codes SET consumed_at = \(bind: now.milliseconds)
            WHERE app_id = \(bind: appID) AND email = \(bind: email) AND id = \(bind: codeID) AND consumed_at IS NULL
              AND expires_at > \(bind: now.milliseconds)
            RETURNING id
            """).all()
        guard !consumed.isEmpty else { return nil }
        let rows = try await db.raw("""
            INSERT INTO sign_in_users (id, app_id, email, created_at, last_sign_in_at)
            VALUES (\(bind: newUserID), \(bind: appID), \(bind: email), \(bind: now.milliseconds), \(bind: now.milliseconds))
            ON CONFLICT (app_id, email) DO UPDATE SET last_sign_in_at = excluded.last_sign_in_at
            RETURNING \(unsafeRaw: Self.userColumns.joined(separator: ", "))
            """).all()
        guard let row = rows.first else { throw StorageError.corrupt("signing in stored no user row") }
        let user = try Self.user(row)
        let session = SessionRecord(id: grant.id, appID: appID, userID: user.id, deviceID: grant.deviceID,
                                    tokenHash: grant.tokenHash, createdAt: now, expiresAt: grant.expiresAt)
        try await db.raw("""
            INSERT INTO sign_in_sessions (id, app_id, user_id, device_id, token_hash, created_at, expires_at, revoked_at)
            VALUES (\(bind: session.id), \(bind: appID), \(bind: user.id), \(bind: session.deviceID), \(bind: session.tokenHash),
                    \(bind: now.milliseconds), \(bind: session.expiresAt.milliseconds), NULL)
            """).run()
        // Read in the same transaction: no count to clear, no statement.
        if failures != 0 {
            try await db.update("sign_in_addresses").set("failures", to: SQLBind(0))
                .where("app_id", .equal, appID).where("email", .equal, email).where("failures", .notEqual, 0).run()
        }
        return SignInCompletion(user: user, isNewUser: user.id == newUserID, session: session)
    }

    static func recordFailure(appID: String, email: String, threshold: Int, lockout: TimeInterval, at now: Date,
                              on db: any SQLDatabase) async throws -> AddressState {
        let counted = try await db.insert(into: "sign_in_addresses").columns("app_id", "email", "failures", "locked_until", "last_failure_at")
            .values(SQLBind(appID), SQLBind(email), SQLBind(1), SQLBind(Int64?.none), SQLBind(now.milliseconds))
            .onConflict(with: ["app_id", "email"]) {
                $0.set("failures", to: SQLBinaryExpression(SQLColumn("failures", table: "sign_in_addresses"), .add, SQLLiteral.numeric("1")))
                    .set(excludedValueOf: "last_failure_at")
            }
            .returning("failures", "locked_until").all()
        guard let row = counted.first else { throw StorageError.corrupt("counting a failure stored no row") }
        let state = try Self.addressState(row)
        guard state.failures >= threshold else { return state }
        let locked = AddressState(failures: 0, lockedUntil: now.addingTimeInterval(lockout))
        try await db.update("sign_in_addresses").set("failures", to: SQLBind(0))
            .set("locked_until", to: SQLBind(locked.lockedUntil?.milliseconds))
            .where("app_id", .equal, appID).where("email", .equal, email).run()
        return locked
    }
}
