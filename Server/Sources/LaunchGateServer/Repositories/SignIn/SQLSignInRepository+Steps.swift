import Foundation
import SQLKit

/// The statements behind each decision, on a connection the caller holds: a method of the protocol
/// runs one of them in a transaction of its own, and a request (send-code, verify-code) runs all of
/// its steps in one, so it takes the database's lock once.
extension SQLSignInRepository {
    static func addressState(appID: String, email: String, on db: any SQLDatabase) async throws -> AddressState? {
        try await db.select().columns("failures", "locked_until").from("sign_in_addresses")
            .where("app_id", .equal, appID).where("email", .equal, email).first().map(Self.addressState)
    }

    static func takeDeliveryFailure(appID: String, email: String, on db: any SQLDatabase) async throws -> String? {
        let rows = try await db.update("mail_outbox").set("failure_reported", to: SQLBind(1))
            .where("app_id", .equal, appID).where("email", .equal, email)
            .where("state", .equal, OutboxMessage.State.failed.rawValue).where("failure_reported", .equal, 0)
            .returning("id", "last_error", "finished_at").all()
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
            try await db.insert(into: "rate_limit_keys").columns("key", "touched_at").values(SQLBind(charge.key), SQLBind(now.milliseconds))
                .onConflict(with: ["key"]) { $0.set(excludedValueOf: "touched_at") }.run()
        }
        let times = try await db.select().column("at").from("rate_limit_events")
            .where("key", .equal, charge.key).where("at", .greaterThan, horizon).all()
            .map { Date(milliseconds: try $0.decode(column: "at", as: Int64.self)) }
        if let wait = charge.rules.compactMap({ $0.wait(after: times, at: now) }).max() { return wait }
        // Older events are left to the sweep (every 10 minutes, by `at`): a key holds at most its
        // limit per window, times the windows between sweeps, meanwhile.
        try await db.insert(into: "rate_limit_events").columns("key", "at").values(SQLBind(charge.key), SQLBind(now.milliseconds)).run()
        return nil
    }

    static func insert(_ code: SignInCodeRecord, mail: OutboxMessage, on db: any SQLDatabase) async throws {
        try await db.insert(into: "sign_in_codes")
            .columns("app_id", "email", "id", "code_hash", "attempts", "created_at", "expires_at", "consumed_at")
            .values(SQLBind(code.appID), SQLBind(code.email), SQLBind(code.id), SQLBind(code.codeHash), SQLBind(code.attempts),
                    SQLBind(code.createdAt.milliseconds), SQLBind(code.expiresAt.milliseconds), SQLBind(code.consumedAt?.milliseconds))
            .onConflict(with: ["app_id", "email"]) {
                $0.set(excludedValueOf: "id").set(excludedValueOf: "code_hash").set(excludedValueOf: "attempts")
                    .set(excludedValueOf: "created_at").set(excludedValueOf: "expires_at").set(excludedValueOf: "consumed_at")
            }
            .run()
        // Mail still waiting for the code just replaced would only deliver a dead code, perhaps
        // after the new one (a retried message is due later): it ends as expired, its code erased.
        try await db.update("mail_outbox").set("state", to: SQLBind(OutboxMessage.State.expired.rawValue))
            .set("sealed_code", to: SQLLiteral.null).set("finished_at", to: SQLBind(code.createdAt.milliseconds))
            .where("app_id", .equal, code.appID).where("email", .equal, code.email)
            .where("state", .equal, OutboxMessage.State.pending.rawValue).run()
        try await Self.insert(mail, into: db)
    }

    static func claimAttempt(appID: String, email: String, maxAttempts: Int, at now: Date,
                             on db: any SQLDatabase) async throws -> SignInCodeRecord? {
        try await db.update("sign_in_codes")
            .set("attempts", to: SQLBinaryExpression(SQLColumn("attempts"), .add, SQLLiteral.numeric("1")))
            .where("app_id", .equal, appID).where("email", .equal, email)
            .where("consumed_at", .is, SQLLiteral.null)
            .where("expires_at", .greaterThan, now.milliseconds)
            .where("attempts", .lessThan, maxAttempts)
            .returning(Self.codeColumns.map { SQLColumn($0) }).all().first.map(Self.code)
    }

    /// - Parameter failures: The address's failure count when the caller has read it; `nil` when unknown.
    static func completeSignIn(codeID: String, appID: String, email: String, newUserID: String, grant: SessionGrant, at now: Date,
                               failures: Int?, on db: any SQLDatabase) async throws -> SignInCompletion? {
        // First, so the row lock orders concurrent verifies: the second sees the code used.
        let consumed = try await db.update("sign_in_codes").set("consumed_at", to: SQLBind(now.milliseconds))
            .where("app_id", .equal, appID).where("email", .equal, email).where("id", .equal, codeID)
            .where("consumed_at", .is, SQLLiteral.null).where("expires_at", .greaterThan, now.milliseconds)
            .returning("id").all()
        guard !consumed.isEmpty else { return nil }
        let rows = try await db.insert(into: "sign_in_users").columns("id", "app_id", "email", "created_at", "last_sign_in_at")
            .values(SQLBind(newUserID), SQLBind(appID), SQLBind(email), SQLBind(now.milliseconds), SQLBind(now.milliseconds))
            .onConflict(with: ["app_id", "email"]) { $0.set(excludedValueOf: "last_sign_in_at") }
            .returning(Self.userColumns.map { SQLColumn($0) }).all()
        guard let row = rows.first else { throw StorageError.corrupt("signing in stored no user row") }
        let user = try Self.user(row)
        let session = SessionRecord(id: grant.id, appID: appID, userID: user.id, deviceID: grant.deviceID,
                                    tokenHash: grant.tokenHash, createdAt: now, expiresAt: grant.expiresAt)
        try await db.insert(into: "sign_in_sessions")
            .columns("id", "app_id", "user_id", "device_id", "token_hash", "created_at", "expires_at", "revoked_at")
            .values(SQLBind(session.id), SQLBind(appID), SQLBind(user.id), SQLBind(session.deviceID), SQLBind(session.tokenHash),
                    SQLBind(now.milliseconds), SQLBind(session.expiresAt.milliseconds), SQLBind(Int64?.none))
            .run()
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
