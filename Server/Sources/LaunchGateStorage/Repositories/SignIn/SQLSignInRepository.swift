import Foundation
import SQLKit

/// The ``SignInRepository`` over SQLKit, for SQLite and PostgreSQL alike.
///
/// Decisions are single conditional statements (`UPDATE … WHERE … RETURNING`, an upsert whose
/// condition reads the row it changes), which PostgreSQL evaluates on the row as the last
/// committed change left it, and SQLite runs one writer at a time: no two instances can both take
/// a last slot. Send-code and verify-code run them in a transaction (``SQLSignInRepository+Requests``).
public struct SQLSignInRepository: SignInRepository {
    package let database: Database
    /// The most rows one statement of ``sweep(eventsBefore:recordsBefore:at:)`` deletes: a few milliseconds'
    /// work, the longest a request waits behind the sweep for the connection.
    package let sweepBatch: Int
    /// Sends and verifies run again after a deadlock, which a test of the lock order expects none of.
    package let conflictRetries = ConflictRetries()

    /// Creates a repository; run ``Migrator`` first.
    /// - Parameter database: The open database.
    public init(database: Database) { self.init(database: database, sweepBatch: 1000) }

    /// Creates a repository whose sweep deletes at most `sweepBatch` rows a statement (tests use fewer).
    package init(database: Database, sweepBatch: Int) {
        self.database = database
        self.sweepBatch = max(1, sweepBatch)
    }

    // MARK: Settings

    public func settings(appID: String) async throws -> SignInSettings? {
        try await database.read { db in
            try await db.select().columns("app_id", "code_length", "subject_template", "text_template", "html_template")
                .from("sign_in_settings").where("app_id", .equal, appID).first().map(Self.settings)
        }
    }

    public func saveSettings(_ settings: SignInSettings) async throws {
        do {
            try await database.transaction { db in
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
            try await database.transaction(.relaxed) { db in
                try await Self.store(code, mail: mail, on: db)
            }
        } catch where SQLRepository.isUniqueViolation(error) {
            throw ServiceError.idCollision
        }
    }

    /// Stores a code in its network's place, ends the mail waiting with the one it replaces, and
    /// queues its own, in the caller's transaction.
    static func store(_ code: SignInCodeRecord, mail: OutboxMessage, on db: any SQLDatabase) async throws {
        try await db.raw(storeCode(code, if: ungated)).run()
        try await db.raw(expireQueued(appID: code.appID, email: code.email, network: code.network, at: code.createdAt)).run()
        try await db.raw(queue(mail, if: ungated)).run()
    }

    public func claimAttempt(appID: String, email: String, network: String, maxAttempts: Int, at now: Date) async throws -> SignInCodeRecord? {
        let claim = Self.claimAttempt(appID: appID, email: email, network: network, maxAttempts: maxAttempts, at: now)
        return try await database.read { db in try await db.raw(claim).first().map(Self.code) }
    }

    public func liveCodes(appID: String, email: String, maxAttempts: Int, at now: Date) async throws -> [SignInCodeRecord] {
        let live = Self.unusedCodes(appID: appID, email: email, maxAttempts: maxAttempts, at: now)
        return try await database.read { db in try await db.raw(live).all().map(Self.code) }
    }

    // MARK: Addresses

    public func addressState(appID: String, email: String, network: String) async throws -> AddressState {
        let state = Self.addressState(appID: appID, email: email, network: network)
        return try await database.read { db in try await db.raw(state).first().map(Self.addressState) ?? AddressState() }
    }

    public func recordFailure(appID: String, email: String, network: String, threshold: Int, lockout: TimeInterval,
                              at now: Date) async throws -> AddressState {
        let failure = Self.countFailure(appID: appID, email: email, network: network, threshold: threshold, lockout: lockout, at: now)
        guard let row = try await database.read({ try await $0.raw(failure).first() }) else {
            throw StorageError.corrupt("counting a failure stored no row")
        }
        return try Self.addressState(row)
    }

    // MARK: Rate limits

    public func lastEvent(key: String) async throws -> Date? {
        try await database.read { db in
            try await db.raw(#"SELECT touched_at FROM rate_limit_keys WHERE "key" = \#(bind: key)"#).first()
                .map { Date(milliseconds: try $0.decode(column: "touched_at", as: Int64.self)) }
        }
    }

    public func recordEvent(key: String, rules: [RateLimitRule], at now: Date) async throws -> TimeInterval? {
        try await record(RateLimitCharge(key: key, rules: rules), at: now)
    }

    public func record(_ charge: RateLimitCharge, at now: Date) async throws -> TimeInterval? {
        try await database.read { db in
            guard try await db.raw(Self.charge(charge, at: now)).first() == nil else { return nil }
            return try await Self.wait(for: charge, at: now, on: db)
        }
    }

    public func record(all charges: [RateLimitCharge], at now: Date) async throws -> TimeInterval? {
        if charges.count <= 1, let only = charges.first { return try await record(only, at: now) }
        guard !charges.isEmpty else { return nil }
        do {
            // Charged in the callers' one order, so two such transactions don't cross (againOnConflict).
            try await againOnConflict {
                try await database.transaction(.relaxed) { db in
                    for charge in charges {
                        guard try await db.raw(Self.charge(charge, at: now)).first() != nil else {
                            throw ChargeRefused(wait: try await Self.wait(for: charge, at: now, on: db))
                        }
                    }
                }
            }
            return nil
        } catch let refused as ChargeRefused {
            return refused.wait
        }
    }

    /// A charge of ``record(all:at:)`` refused: thrown to roll back the ones recorded before it.
    private struct ChargeRefused: Error {
        let wait: TimeInterval
    }
}
