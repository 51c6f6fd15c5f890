import Foundation
import LaunchGate
import SQLKit

/// ``InstallRepository`` over SQLKit, for SQLite and PostgreSQL alike.
///
/// A recording reads the rows it touches, folds (``InstallFold``) and writes rows and count
/// changes back in batched upserts, all in one transaction that first locks
/// `install_record_lock`: instances take turns, so a count is never changed twice for one
/// sighting. (SQLite's `BEGIN IMMEDIATE` serialises writers anyway; PostgreSQL needs the lock.)
/// The caps (``InstallLimits``) read `install_app_counts`, kept in the same transaction, and a
/// count of the day's groups; group keys are read only when a batch could reach the cap.
public struct SQLInstallRepository: InstallRepository {
    /// Rows per statement: 8 binds each stays far below both engines' limits.
    static let batch = 500

    let database: Database
    /// How long one adoption or impact read may run before it is ended (``Database/read(timeout:_:)``):
    /// an app with many groups must not hold SQLite's one connection, or a pooled one, for long.
    let queryTimeout: Duration

    /// Creates a repository; run ``Migrator`` first.
    /// - Parameters:
    ///   - database: Where installs are kept.
    ///   - queryTimeout: The longest an adoption or impact read (``shares(appID:platform:fromDay:by:limit:offset:)``,
    ///     ``dailyVersions(appID:platform:fromDay:limit:)``) may run; past it, it fails as ``StorageError`` `unavailable`.
    public init(database: Database, queryTimeout: Duration = .seconds(3)) {
        self.database = database
        self.queryTimeout = queryTimeout
    }

    public func record(_ sightings: [InstallSighting], limits: InstallLimits) async throws -> InstallRecordResult {
        guard !sightings.isEmpty else { return InstallRecordResult() }
        // Losing the last few seconds of sightings to a power cut costs nothing worth a sync.
        return try await database.transaction(.relaxed) { db in
            try await db.update("install_record_lock")
                .set("turns", to: SQLBinaryExpression(SQLColumn("turns"), .add, SQLLiteral.numeric("1")))
                .where("id", .equal, 1).run()
            var fold = InstallFold(budget: try await Self.budget(db, for: sightings, limits: limits))
            for (app, list) in Dictionary(grouping: sightings, by: \.appID).sorted(by: { $0.key < $1.key }) {
                for chunk in list.chunked(Self.batch) {
                    let stored = try await Self.rows(db, appID: app, hashes: Array(Set(chunk.map(\.installHash))))
                    for sighting in chunk {
                        fold.apply(sighting, stored: stored[InstallKey(appID: app, platform: sighting.platform, installHash: sighting.installHash)])
                    }
                }
            }
            try await Self.write(db, rows: fold.rows)
            try await Self.write(db, installTotals: Dictionary(fold.inserted.map { ($0.appID, 1) }, uniquingKeysWith: +))
            try await Self.write(db, groups: fold.groups, fresh: fold.fresh, established: fold.established)
            try await Self.write(db, daily: fold.daily)
            try await Self.write(db, keptDays: fold.keptDays)
            try await Self.write(db, refused: fold.refused)
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

    public func totals(appID: String, platform: Platform?, fromDay: Int) async throws -> [InstallGroupTotal] {
        try await database.read { db in
            // PostgreSQL sums BIGINT into NUMERIC; the cast keeps one row type on both engines.
            var query = db.select().columns("platform", "version", "build", "os").column(SQLRaw("CAST(SUM(installs) AS BIGINT)"), as: "total")
                .from("install_groups").where("app_id", .equal, appID).where("day", .greaterThanOrEqual, fromDay)
            if let platform { query = query.where("platform", .equal, platform.rawValue) }
            return try await query.groupBy("platform").groupBy("version").groupBy("build").groupBy("os").all().compactMap { row in
                let installs = try row.decode(column: "total", as: Int.self)
                guard installs > 0 else { return nil }
                return InstallGroupTotal(platform: try Self.platform(row), version: try row.decode(column: "version", as: String.self),
                                         build: try row.decode(column: "build", as: String.self), os: try row.decode(column: "os", as: String.self),
                                         installs: installs)
            }
        }
    }

    public func newInstalls(appID: String, platform: Platform?, day: Int, limit: Int) async throws -> [InstallGroupTotal] {
        // Under the same time limit as the other reads an impact makes: this one too grows with a day's groups.
        try await database.read(timeout: queryTimeout) { db in
            let postgres = db.dialect.name == "postgresql"
            var query = db.select().columns("platform", "version", "build", "os", "new_installs").from("install_groups")
                .where("app_id", .equal, appID).where("day", .equal, day).where("new_installs", .greaterThan, 0)
            if let platform { query = query.where("platform", .equal, platform.rawValue) }
            query = query.orderBy("new_installs", .descending)
            for column in InstallShareDimension.group.columns { query = query.orderBy(Self.byteOrder(column, postgres: postgres)) }
            return try await query.limit(max(limit, 1)).all().map { row in
                InstallGroupTotal(platform: try Self.platform(row), version: try row.decode(column: "version", as: String.self),
                                  build: try row.decode(column: "build", as: String.self), os: try row.decode(column: "os", as: String.self),
                                  installs: try row.decode(column: "new_installs", as: Int.self))
            }
        }
    }

    public func dailyVersions(appID: String, platform: Platform?, fromDay: Int) async throws -> [DailyVersionCount] {
        try await database.read { db in
            var query = db.select().columns("platform", "version", "day", "installs").from("install_daily_versions")
                .where("app_id", .equal, appID).where("day", .greaterThanOrEqual, fromDay).where("installs", .greaterThan, 0)
            if let platform { query = query.where("platform", .equal, platform.rawValue) }
            return try await query.all().map { row in
                DailyVersionCount(platform: try Self.platform(row), version: try row.decode(column: "version", as: String.self),
                                  day: try row.decode(column: "day", as: Int.self), installs: try row.decode(column: "installs", as: Int.self))
            }
        }
    }

    public func prune(before day: Int) async throws -> Int {
        try await database.transaction(.relaxed) { db in
            try await db.update("install_record_lock")
                .set("turns", to: SQLBinaryExpression(SQLColumn("turns"), .add, SQLLiteral.numeric("1")))
                .where("id", .equal, 1).run()
            let cutoff = InstallDay.start(day).milliseconds
            var count = 0
            let forgotten = try await db.select().column("app_id").column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("installs")
                .where("last_seen", .lessThan, cutoff).groupBy("app_id").all()
            for row in forgotten {
                let (app, n) = (try row.decode(column: "app_id", as: String.self), try row.decode(column: "n", as: Int.self))
                count += n
                try await db.update("install_app_counts")
                    .set("installs", to: SQLBinaryExpression(SQLColumn("installs"), .subtract, SQLBind(n)))
                    .where("app_id", .equal, app).run()
            }
            try await db.delete(from: "installs").where("last_seen", .lessThan, cutoff).run()
            try await db.delete(from: "install_groups").where("day", .lessThan, day).run()
            try await db.delete(from: "install_daily_versions").where("day", .lessThan, day).run()
            try await db.delete(from: "install_group_keys").where("last_day", .lessThan, day).run()
            try await db.delete(from: "install_refusals").where("day", .lessThan, day).run()
            return count
        }
    }
}
