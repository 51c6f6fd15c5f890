import Foundation
import Logging
import SQLKit

/// Applies pending migrations in order, each in its own transaction, and records them.
public struct Migrator: Sendable {
    /// Every migration, oldest first. Append only: never reorder or edit an applied one.
    public static let all: [any Migration] = [
        CreateApps(), CreatePolicyRevisions(), CreateTokens(), CreateSigningKeys(), CreateExemptions(),
        CreateChangeCounter(), HashExemptionValues(),
        CreateSignInSettings(), CreateServerSecrets(), CreateSignInUsers(), CreateSignInCodes(), CreateSignInSessions(),
        CreateSignInAddresses(), CreateRateLimits(), CreateMailOutbox(), AddAddressFailureTimes(), IndexRateLimitEventTimes(),
        CreateInstalls(), CountInstallsPerApp(), CreateConsoleSessions(), StageSigningKeys(), CountNewInstallsPerGroup(), CreateConsoleOperators(),
        CountEstablishedInstallsPerGroup(), CreateInstallGroupKeys(), RecordTokenUse(), CreateInstallRefusals(), CountInstallsPerPlatform(),
        KeepRateLimitTimesPerKey(), DropInstallAppCounts(), RecordRefusedVersions(), RecordRefusedVersionFilters(), KeySignInByNetwork(),
        CreateKnownSignInNetworks(), MarkLongSignInCodes(), CreateInstallSecrets(), DropInstallSecrets(), CountAccountDeletions(),
        CreatePromptFunnel(),
        CreateAppStoreLinks(),
        CreateAppStoreConnectKeys(),
        CreateWebhooks(),
        AddAppStoreLinkPhasedRelease(),
        AddPromptFunnelChannel(),
        AddAppStoreLinkIgnoredAnswers(),
        CreateAppStoreStorefrontStatus(),
        AddAppStoreLinkTrustedVersion(),
        CreateAppStoreLookupStarts(),
        AddAppStoreLinkResetGeneration(),
    ]

    private let database: Database
    private let migrations: [any Migration]
    private let now: @Sendable () -> Date

    /// Creates a migrator.
    /// - Parameters:
    ///   - database: The database.
    ///   - migrations: The migrations; all of them by default.
    ///   - now: The clock, for the applied-at time.
    public init(database: Database, migrations: [any Migration] = Migrator.all, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.migrations = migrations
        self.now = now
    }

    /// The names already applied.
    /// - Throws: ``StorageError`` `newerSchema` when some are not among this version's migrations.
    public func applied() async throws -> Set<String> {
        try await ensureTable()
        let done = try await database.read { db in
            Set(try await db.select().column("name").from("launchgate_migrations").all().map { try $0.decode(column: "name", as: String.self) })
        }
        try requireKnown(done)
        return done
    }

    /// Refuses a database a newer `launchgate` migrated: this version would start on tables it
    /// doesn't know (and a dry run would call it up to date), and reverting would skip the newer
    /// migrations' changes.
    private func requireKnown(_ done: Set<String>) throws {
        let known = Set(Migrator.all.map(\.name)).union(migrations.map(\.name))
        let unknown = done.subtracting(known).sorted()
        guard unknown.isEmpty else { throw StorageError.newerSchema(location: database.location.description, names: unknown) }
    }

    /// The migrations not applied yet, oldest first, without changing anything (not even creating
    /// the migrations table, as ``applied()`` does).
    /// - Throws: ``StorageError`` `newerSchema` when the database has migrations this version doesn't know.
    public func pending() async throws -> [String] {
        let done: Set<String> = try await database.read { db in
            let lookup: SQLQueryString = db.dialect.name == "sqlite"
                ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'launchgate_migrations'"
                : "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'launchgate_migrations'"
            guard try await db.raw(lookup).first() != nil else { return [] }
            return Set(try await db.select().column("name").from("launchgate_migrations").all().map { try $0.decode(column: "name", as: String.self) })
        }
        try requireKnown(done)
        return migrations.map(\.name).filter { !done.contains($0) }
    }

    /// Applies what is pending.
    /// - Returns: The names applied now.
    /// - Throws: ``StorageError`` `newerSchema` before changing anything when the database has
    ///   migrations this version doesn't know.
    @discardableResult
    public func migrate() async throws -> [String] {
        let done = try await applied()
        var ran: [String] = []
        for migration in migrations where !done.contains(migration.name) {
            let appliedAt = Int64(now().timeIntervalSince1970 * 1000)
            try await database.transaction { db in
                try await migration.prepare(on: db)
                try await db.insert(into: "launchgate_migrations").columns("name", "applied_at")
                    .values(SQLBind(migration.name), SQLBind(appliedAt)).run()
            }
            ran.append(migration.name)
        }
        return ran
    }

    /// Reverts the newest applied migration.
    /// - Returns: Its name, or `nil` when nothing is applied.
    @discardableResult
    public func revertLast() async throws -> String? {
        let done = try await applied()
        guard let migration = migrations.last(where: { done.contains($0.name) }) else { return nil }
        try await database.transaction { db in
            try await migration.revert(on: db)
            try await db.delete(from: "launchgate_migrations").where("name", .equal, migration.name).run()
        }
        return migration.name
    }

    private func ensureTable() async throws {
        try await database.read { db in
            try await db.create(table: "launchgate_migrations").ifNotExists()
                .column("name", type: .text, .primaryKey(autoIncrement: false))
                .column("applied_at", type: .bigint, .notNull)
                .run()
        }
    }
}
