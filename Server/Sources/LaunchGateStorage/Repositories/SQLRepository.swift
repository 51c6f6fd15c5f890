import Foundation
import LaunchGate
import SQLKit

/// The ``LaunchGateRepository`` over SQLKit, for SQLite and PostgreSQL alike.
///
/// Query builders throughout; the few raw fragments only use `\(bind:)` and `\(ident:)`.
public struct SQLRepository: LaunchGateRepository {
    package let database: Database

    /// Creates a repository; run ``Migrator`` first.
    /// - Parameter database: The open database.
    public init(database: Database) { self.database = database }

    // MARK: Apps

    public func createApp(_ app: AppRecord) async throws {
        do {
            try await database.transaction { db in
                try await db.insert(into: "apps").columns("id", "name", "created_at")
                    .values(SQLBind(app.id), SQLBind(app.name), SQLBind(app.createdAt.milliseconds)).run()
                try await ChangeCounter.bump(db)
            }
        } catch where Self.isUniqueViolation(error) {
            throw ServiceError.appExists(app.id)
        }
    }

    public func app(id: String) async throws -> AppRecord? {
        try await database.read { db in
            try await db.select().columns("id", "name", "created_at").from("apps").where("id", .equal, id).first().map(Self.app)
        }
    }

    public func apps() async throws -> [AppRecord] {
        try await database.read { db in
            try await db.select().columns("id", "name", "created_at").from("apps").orderBy("id").all().map(Self.app)
        }
    }

    // MARK: Policies

    public func publish(appID: String, channel: ReleaseChannel, policy: UpdatePolicy, author: String, note: String?, at now: Date,
                        expectedRevision: Int?, condition: PublishCondition?,
                        events: (@Sendable (PolicyRevision) -> [PendingWebhookEvent])?) async throws -> PolicyRevision {
        do {
            let published = try await database.transaction { db in
                try await Self.publish(db, appID: appID, channel: channel, policy: policy, author: author, note: note, at: now,
                                       expectedRevision: expectedRevision, condition: condition, events: events)
            }
            for event in published.events { await event.committed() }
            return published.revision
        } catch where Self.isUniqueViolation(error) {
            throw ServiceError.publishRace(appID, channel: channel)
        }
    }

    /// A publish's statements, in the caller's transaction: the condition, the new revision, its
    /// webhook events and the change bump; the caller reports the events' drops after the commit.
    /// A concurrent publish that read the same previous revision inserts the same number, which the
    /// unique key refuses, so `expectedRevision` holds even under read committed. The condition is
    /// checked before the previous revision is read, so a change that breaks it and publishes (an
    /// unlink's withdrawal) is either seen by that read or races it.
    package static func publish(_ db: any SQLDatabase, appID: String, channel: ReleaseChannel, policy: UpdatePolicy, author: String,
                                note: String?, at now: Date, expectedRevision: Int? = nil, condition: PublishCondition? = nil,
                                events: (@Sendable (PolicyRevision) -> [PendingWebhookEvent])? = nil)
        async throws -> (revision: PolicyRevision, events: [QueuedWebhookEvent]) {
        guard try await db.select().column("id").from("apps").where("id", .equal, appID).first() != nil else {
            throw ServiceError.appNotFound(appID)
        }
        if let condition, !(try await condition.holds(on: db)) { throw ServiceError.publishRace(appID, channel: channel) }
        let previous = try await revisions(db, appID: appID, channel: channel, limit: 1).first
        if let expectedRevision, expectedRevision != previous?.number ?? 0 { throw ServiceError.publishRace(appID, channel: channel) }
        let exemptions = try await exemptions(db, appID: appID)
        let (document, issuedAt) = try stamped(policy, after: previous, exemptions: exemptions, now: now)
        let revision = PolicyRevision(appID: appID, channel: channel, number: (previous?.number ?? 0) + 1,
                                      document: document, issuedAt: issuedAt, author: author, note: note)
        try await db.insert(into: "policy_revisions")
            .columns("app_id", "channel", "number", "document", "issued_at", "author", "note")
            .values(SQLBind(appID), SQLBind(channel.rawValue), SQLBind(revision.number),
                    SQLBind(String(decoding: document, as: UTF8.self)), SQLBind(issuedAt.milliseconds),
                    SQLBind(author), SQLBind(note))
            .run()
        var queued: [QueuedWebhookEvent] = []
        for event in events?(revision) ?? [] { queued.append(try await event.enqueue(on: db)) }
        // Last, so a test can make it fail after the revision and its event and see both undone.
        try await ChangeCounter.bump(db)
        return (revision, queued)
    }

    public func atRevision(appID: String, channel: ReleaseChannel, number: Int) -> PublishCondition {
        PublishCondition(sql: { db in try await Self.revisions(db, appID: appID, channel: channel, limit: 1).first?.number ?? 0 == number },
                         memory: { try await currentRevision(appID: appID, channel: channel)?.number ?? 0 == number })
    }

    public func currentRevision(appID: String, channel: ReleaseChannel) async throws -> PolicyRevision? {
        try await database.read { db in try await Self.revisions(db, appID: appID, channel: channel, limit: 1).first }
    }

    public func revision(appID: String, channel: ReleaseChannel, number: Int) async throws -> PolicyRevision? {
        try await database.read { db in
            try await Self.revisionQuery(db, appID: appID, channel: channel).where("number", .equal, number).first().map(Self.revision)
        }
    }

    public func revisions(appID: String, channel: ReleaseChannel) async throws -> [PolicyRevision] {
        try await database.read { db in try await Self.revisions(db, appID: appID, channel: channel, limit: nil) }
    }

    public func revisions(appID: String, channel: ReleaseChannel, through number: Int, limit: Int) async throws -> [PolicyRevision] {
        try await database.read { db in
            try await Self.revisionQuery(db, appID: appID, channel: channel).where("number", .lessThanOrEqual, number)
                .orderBy("number", .descending).limit(max(limit, 0)).all().map(Self.revision)
        }
    }

    /// The change counter: every write that changes what is served bumps it when it commits.
    public func changeStamp() async throws -> Int {
        try await database.read { db in try await ChangeCounter.read(db) }
    }

    // MARK: Tokens

    public func saveToken(_ token: TokenRecord) async throws {
        // A transaction for its durable commit: the token was shown once and must not be lost.
        try await database.transaction { db in
            try await db.insert(into: "tokens").columns("id", "name", "scope", "secret_hash", "created_at", "revoked_at")
                .values(SQLBind(token.id), SQLBind(token.name), SQLBind(token.scope.rawValue), SQLBind(token.secretHash),
                        SQLBind(token.createdAt.milliseconds), SQLBind(token.revokedAt?.milliseconds))
                .run()
        }
    }

    public func token(id: String) async throws -> TokenRecord? {
        try await database.read { db in try await Self.tokenQuery(db).where("id", .equal, id).first().map(Self.token) }
    }

    public func tokens() async throws -> [TokenRecord] {
        try await database.read { db in
            try await Self.tokenQuery(db).orderBy("created_at", .descending).orderBy("id", .descending).all().map(Self.token)
        }
    }

    public func recordTokenUse(id: String, at time: Date) async throws {
        // Never moves back: of two instances writing, the later use stays. Relaxed: a use lost
        // in a power cut is written again at the next one.
        try await database.transaction(.relaxed) { db in
            try await db.update("tokens").set("last_used_at", to: SQLBind(time.milliseconds)).where("id", .equal, id)
                .where { $0.where("last_used_at", .is, SQLLiteral.null).orWhere("last_used_at", .lessThan, SQLBind(time.milliseconds)) }
                .run()
        }
    }

    public func revokeToken(id: String, at now: Date) async throws -> Bool {
        try await database.transaction { db in
            guard try await db.select().column("id").from("tokens").where("id", .equal, id).where("revoked_at", .is, SQLLiteral.null)
                .first() != nil else { return false }
            try await db.update("tokens").set("revoked_at", to: SQLBind(now.milliseconds)).where("id", .equal, id).run()
            return true
        }
    }

    // MARK: Signing keys

    // MARK: Exemptions

    public func saveExemption(_ exemption: Exemption, author: String, note: String?, at now: Date) async throws {
        try await changeExemptions(appID: exemption.appID, author: author, note: note, at: now) { db in
            guard try await db.select().column("id").from("apps").where("id", .equal, exemption.appID).first() != nil else {
                throw ServiceError.appNotFound(exemption.appID)
            }
            try await db.delete(from: "exemptions").where("app_id", .equal, exemption.appID)
                .where("kind", .equal, exemption.kind.rawValue).where("value", .equal, exemption.value).run()
            try await db.insert(into: "exemptions").columns("app_id", "kind", "value", "note", "created_at")
                .values(SQLBind(exemption.appID), SQLBind(exemption.kind.rawValue), SQLBind(exemption.value),
                        SQLBind(exemption.note), SQLBind(exemption.createdAt.milliseconds))
                .run()
            // Counted in the transaction: two adds that each saw room for one more can't both
            // commit past the limit, which apps' validation would refuse the whole policy for.
            let count = try await db.raw("SELECT COUNT(*) AS n FROM exemptions WHERE app_id = \(bind: exemption.appID)").first()?
                .decode(column: "n", as: Int.self) ?? 0
            if count > PolicyLimits.exemptions { throw ServiceError.tooManyExemptions(count - 1) }
            return true
        }
    }

    public func removeExemption(appID: String, kind: ExemptionKind, value: String, author: String, note: String?, at now: Date) async throws -> Bool {
        try await changeExemptions(appID: appID, author: author, note: note, at: now) { db in
            let existing = try await db.select().column("value").from("exemptions").where("app_id", .equal, appID)
                .where("kind", .equal, kind.rawValue).where("value", .equal, value).first()
            guard existing != nil else { return false }
            try await db.delete(from: "exemptions").where("app_id", .equal, appID)
                .where("kind", .equal, kind.rawValue).where("value", .equal, value).run()
            return true
        }
    }

    /// Runs an exemption change and, when it changed something, publishes each channel's current
    /// document again with the new list, all in one transaction.
    @discardableResult
    private func changeExemptions(appID: String, author: String, note: String?, at now: Date,
                                  _ change: @escaping @Sendable (any SQLDatabase) async throws -> Bool) async throws -> Bool {
        do {
            return try await database.transaction { db in
                guard try await change(db) else { return false }
                for channel in ReleaseChannel.allCases {
                    guard let current = try await Self.revisions(db, appID: appID, channel: channel, limit: 1).first else { continue }
                    _ = try await Self.publish(db, appID: appID, channel: channel, policy: UpdatePolicy(json: current.document),
                                               author: author, note: note, at: now)
                }
                try await ChangeCounter.bump(db)
                return true
            }
        } catch where Self.isUniqueViolation(error) {
            throw ServiceError.publishRace(appID, channel: .production)
        }
    }

    public func exemptions(appID: String) async throws -> [Exemption] {
        try await database.read { db in try await Self.exemptions(db, appID: appID) }
    }

    /// An app's exemptions, in the caller's transaction.
    package static func exemptions(_ db: any SQLDatabase, appID: String) async throws -> [Exemption] {
        try await db.select().columns("app_id", "kind", "value", "note", "created_at").from("exemptions")
            .where("app_id", .equal, appID).orderBy("kind").orderBy("value").all().map { row in
                guard let kind = ExemptionKind(rawValue: try row.decode(column: "kind", as: String.self)) else {
                    throw StorageError.corrupt("the exemptions table holds an unknown kind; was it edited by hand?")
                }
                return Exemption(appID: try row.decode(column: "app_id", as: String.self), kind: kind,
                                 value: try row.decode(column: "value", as: String.self),
                                 note: try row.decode(column: "note", as: String?.self),
                                 createdAt: Date(milliseconds: try row.decode(column: "created_at", as: Int64.self)))
            }
    }
}
