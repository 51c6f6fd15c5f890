import Foundation
import LaunchGate
import SQLKit

/// ``InstallRepository`` over SQLKit, for SQLite and PostgreSQL alike.
///
/// A recording reads the rows it touches, folds (``InstallFold``) and writes rows and count
/// changes back in batched upserts, all in one transaction that first locks
/// `install_record_lock`: instances take turns, so a count is never changed twice for one
/// sighting. (SQLite's `BEGIN IMMEDIATE` serialises writers anyway; PostgreSQL needs the lock.)
/// The cap (``InstallLimits``) reads `install_platform_counts`, kept in the same transaction, and
/// a count of `install_group_keys`; group keys are read only when a batch could reach the cap.
public struct SQLInstallRepository: InstallRepository {
    /// Rows per statement: 9 binds each stays far below both engines' limits.
    package static let batch = 500

    package let database: Database
    /// How long one adoption or impact read may run before it is ended (``Database/read(timeout:_:)``):
    /// an app with many groups must not hold SQLite's one connection, or a pooled one, for long.
    package let queryTimeout: Duration
    /// The key of the filters of refused versions; a stored filter under any other reads as unknown.
    package let filterKey: @Sendable () throws -> RefusedVersionFilter.Key

    /// Creates a repository; run ``Migrator`` first.
    /// - Parameters:
    ///   - database: Where installs are kept.
    ///   - queryTimeout: The longest an adoption or impact read may run; past it, it fails as
    ///     ``StorageError`` `unavailable`.
    ///   - filterKey: The key of the filters of refused versions (``RefusedVersionFilter/Key``),
    ///     the same on every instance on the database and never stored: the server's derives it
    ///     from the master key. Asked for at each recording, which fails with its error, and each
    ///     read of refusals, which without it reads every filter as unknown.
    public init(database: Database, queryTimeout: Duration = .seconds(3),
                filterKey: @escaping @Sendable () throws -> RefusedVersionFilter.Key) {
        self.database = database
        self.queryTimeout = queryTimeout
        self.filterKey = filterKey
    }

    public func record(_ sightings: [InstallSighting], limits: InstallLimits, admission: InstallAdmission) async throws -> InstallRecordResult {
        guard !sightings.isEmpty else { return InstallRecordResult() }
        // What the fold spent of clients' quotas, given back when the transaction fails.
        let spent = ClientQuotas.Spent()
        do {
            // Losing the last few seconds of sightings to a power cut costs nothing worth a sync.
            return try await record(sightings, limits: limits, admission: admission, filterKey: try filterKey(), spent: spent)
        } catch {
            admission.quotas?.refund(spent.list)
            throw error
        }
    }

    private func record(_ sightings: [InstallSighting], limits: InstallLimits, admission: InstallAdmission,
                        filterKey key: RefusedVersionFilter.Key, spent: ClientQuotas.Spent) async throws -> InstallRecordResult {
        try await database.transaction(.relaxed) { db in
            try await Self.takeTurn(db)
            var fold = InstallFold(budget: try await Self.budget(db, for: sightings, limits: limits, admission: admission), filterKey: key)
            for (app, list) in Dictionary(grouping: sightings, by: \.appID).sorted(by: { $0.key < $1.key }) {
                for chunk in list.chunked(Self.batch) {
                    let stored = try await Self.rows(db, appID: app, hashes: Array(Set(chunk.map(\.installHash))))
                    for sighting in chunk {
                        fold.apply(sighting, stored: stored[InstallKey(appID: app, platform: sighting.platform, installHash: sighting.installHash)])
                    }
                    spent.set(fold.budget?.spent ?? [])
                }
            }
            try await Self.write(db, rows: fold.rows)
            try await Self.write(db, added: fold.added)
            try await Self.write(db, groups: fold.groups)
            try await Self.write(db, daily: fold.daily)
            try await Self.write(db, keptDays: fold.keptDays)
            try await Self.write(db, refused: fold.refused, filterKey: key)
            return fold.result
        }
    }

    public func groups(appID: String, platform: Platform?, fromDay: Int) async throws -> [InstallGroup] {
        try await database.read { db in
            var query = db.select().columns("platform", "version", "build", "os", "day", "installs").from("install_groups")
                .where("app_id", .equal, appID).where("day", .greaterThanOrEqual, fromDay).where("installs", .greaterThan, 0)
            if let platform { query = query.where("platform", .equal, platform.rawValue) }
            return try await query.all().map { row in
                InstallGroup(platform: try Self.platform(row), version: try row.decode(column: "version", as: String.self),
                             build: try row.decode(column: "build", as: String.self), os: try row.decode(column: "os", as: String.self),
                             day: try row.decode(column: "day", as: Int.self), installs: try row.decode(column: "installs", as: Int.self))
            }
        }
    }

    public func prune(before day: Int) async throws -> Int {
        try await database.transaction(.relaxed) { db in
            try await Self.takeTurn(db)
            let cutoff = InstallDay.start(day).milliseconds
            var count = 0
            let forgotten = try await db.select().columns("app_id", "platform").column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
                .from("installs").where("last_seen", .lessThan, cutoff).groupBy("app_id").groupBy("platform").all()
            for row in forgotten {
                let n = try row.decode(column: "n", as: Int.self)
                count += n
                try await db.update("install_platform_counts").set("installs", to: SQLBinaryExpression(SQLColumn("installs"), .subtract, SQLBind(n)))
                    .where("app_id", .equal, try row.decode(column: "app_id", as: String.self))
                    .where("platform", .equal, try row.decode(column: "platform", as: String.self)).run()
            }
            try await db.delete(from: "installs").where("last_seen", .lessThan, cutoff).run()
            for table in ["install_groups", "install_daily_versions", "install_refusals"] {
                try await db.delete(from: table).where("day", .lessThan, day).run()
            }
            try await db.delete(from: "install_group_keys").where("last_day", .lessThan, day).run()
            return count
        }
    }

    /// Locks `install_record_lock`, so writers of installs take turns.
    private static func takeTurn(_ db: any SQLDatabase) async throws {
        try await db.update("install_record_lock").set("turns", to: SQLBinaryExpression(SQLColumn("turns"), .add, SQLLiteral.numeric("1")))
            .where("id", .equal, 1).run()
    }

    package static func platform(_ row: any SQLRow) throws -> Platform {
        guard let platform = try? Platform(validating: try row.decode(column: "platform", as: String.self)) else {
            throw StorageError.corrupt("an install table holds an unknown platform; was it edited by hand?")
        }
        return platform
    }
}
