import Foundation
import SQLKit

/// The ``SignInRepository`` over SQLKit, for SQLite and PostgreSQL alike.
///
/// Decisions are single conditional statements (`UPDATE … WHERE … RETURNING`) or transactions
/// that first write the row they depend on, so PostgreSQL's row locks order concurrent callers
/// and SQLite takes its write lock before reading: no two instances can both take a last slot.
public struct SQLSignInRepository: SignInRepository {
    let database: Database

    /// Creates a repository; run ``Migrator`` first.
    /// - Parameter database: The open database.
    public init(database: Database) { self.database = database }

    // MARK: Settings

    public func settings(appID: String) async throws -> SignInSettings? {
        try await database.read { db in
            try await db.select().columns("app_id", "code_length", "subject_template", "text_template", "html_template")
                .from("sign_in_settings").where("app_id", .equal, appID).first().map(Self.settings)
        }
    }

    public func saveSettings(_ settings: SignInSettings) async throws {
        do {
            try await database.read { db in
                try await db.insert(into: "sign_in_settings")
                    .columns("app_id", "code_length", "subject_template", "text_template", "html_template")
                    .values(SQLBind(settings.appID), SQLBind(settings.codeLength), SQLBind(settings.subjectTemplate),
                            SQLBind(settings.textTemplate), SQLBind(settings.htmlTemplate))
                    .onConflict(with: ["app_id"]) {
                        $0.set(excludedValueOf: "code_length").set(excludedValueOf: "subject_template")
                            .set(excludedValueOf: "text_template").set(excludedValueOf: "html_template")
                    }
                    .run()
            }
        } catch where Self.isForeignKeyViolation(error) {
            throw ServiceError.appNotFound(settings.appID)
        }
    }

    // MARK: Secrets

    public func secret(named name: String, orStore candidate: String, at now: Date) async throws -> String {
        try await database.transaction { db in
            try await db.insert(into: "server_secrets").columns("name", "sealed_value", "created_at")
                .values(SQLBind(name), SQLBind(candidate), SQLBind(now.milliseconds))
                .ignoringConflicts(with: ["name"]).run()
            guard let row = try await db.select().column("sealed_value").from("server_secrets").where("name", .equal, name).first() else {
                throw StorageError.corrupt("the server secret \(name) vanished while it was being stored")
            }
            return try row.decode(column: "sealed_value", as: String.self)
        }
    }

    // MARK: Codes

    public func issueCode(_ code: SignInCodeRecord, mail: OutboxMessage) async throws {
        do {
            try await database.transaction { db in
                try await db.insert(into: "sign_in_codes")
                    .columns("app_id", "email", "id", "code_hash", "attempts", "created_at", "expires_at", "consumed_at")
                    .values(SQLBind(code.appID), SQLBind(code.email), SQLBind(code.id), SQLBind(code.codeHash), SQLBind(code.attempts),
                            SQLBind(code.createdAt.milliseconds), SQLBind(code.expiresAt.milliseconds), SQLBind(code.consumedAt?.milliseconds))
                    .onConflict(with: ["app_id", "email"]) {
                        $0.set(excludedValueOf: "id").set(excludedValueOf: "code_hash").set(excludedValueOf: "attempts")
                            .set(excludedValueOf: "created_at").set(excludedValueOf: "expires_at").set(excludedValueOf: "consumed_at")
                    }
                    .run()
                try await Self.insert(mail, into: db)
            }
        } catch where SQLRepository.isUniqueViolation(error) {
            throw ServiceError.idCollision
        }
    }

    public func claimAttempt(appID: String, email: String, maxAttempts: Int, at now: Date) async throws -> SignInCodeRecord? {
        try await database.read { db in
            try await db.update("sign_in_codes")
                .set("attempts", to: SQLBinaryExpression(SQLColumn("attempts"), .add, SQLLiteral.numeric("1")))
                .where("app_id", .equal, appID).where("email", .equal, email)
                .where("consumed_at", .is, SQLLiteral.null)
                .where("expires_at", .greaterThan, now.milliseconds)
                .where("attempts", .lessThan, maxAttempts)
                .returning(Self.codeColumns.map { SQLColumn($0) }).all().first.map(Self.code)
        }
    }

    public func completeSignIn(codeID: String, appID: String, email: String, newUserID: String, grant: SessionGrant,
                               at now: Date) async throws -> SignInCompletion? {
        do {
            return try await database.transaction { db in
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
                try await db.update("sign_in_addresses").set("failures", to: SQLBind(0))
                    .where("app_id", .equal, appID).where("email", .equal, email).run()
                return SignInCompletion(user: user, isNewUser: user.id == newUserID, session: session)
            }
        } catch where SQLRepository.isUniqueViolation(error) {
            throw ServiceError.idCollision
        }
    }

    // MARK: Addresses

    public func addressState(appID: String, email: String) async throws -> AddressState {
        try await database.read { db in
            try await db.select().columns("failures", "locked_until").from("sign_in_addresses")
                .where("app_id", .equal, appID).where("email", .equal, email).first().map(Self.addressState) ?? AddressState()
        }
    }

    public func recordFailure(appID: String, email: String, threshold: Int, lockout: TimeInterval, at now: Date) async throws -> AddressState {
        try await database.transaction { db in
            let counted = try await db.insert(into: "sign_in_addresses").columns("app_id", "email", "failures", "locked_until")
                .values(SQLBind(appID), SQLBind(email), SQLBind(1), SQLBind(Int64?.none))
                .onConflict(with: ["app_id", "email"]) {
                    $0.set("failures", to: SQLBinaryExpression(SQLColumn("failures", table: "sign_in_addresses"), .add, SQLLiteral.numeric("1")))
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

    // MARK: Rate limits

    public func recordEvent(key: String, rules: [RateLimitRule], at now: Date) async throws -> TimeInterval? {
        let longest = rules.map(\.window).max() ?? 0
        let horizon = now.addingTimeInterval(-longest).milliseconds
        return try await database.transaction { db in
            // The write that takes the key's lock comes first, before anything is counted.
            try await db.insert(into: "rate_limit_keys").columns("key", "touched_at").values(SQLBind(key), SQLBind(now.milliseconds))
                .onConflict(with: ["key"]) { $0.set(excludedValueOf: "touched_at") }.run()
            let times = try await db.select().column("at").from("rate_limit_events")
                .where("key", .equal, key).where("at", .greaterThan, horizon).all()
                .map { Date(milliseconds: try $0.decode(column: "at", as: Int64.self)) }
            if let wait = rules.compactMap({ $0.wait(after: times, at: now) }).max() { return wait }
            try await db.delete(from: "rate_limit_events").where("key", .equal, key).where("at", .lessThanOrEqual, horizon).run()
            try await db.insert(into: "rate_limit_events").columns("key", "at").values(SQLBind(key), SQLBind(now.milliseconds)).run()
            return nil
        }
    }
}
