import Foundation
import LaunchGate
import SQLKit

extension SQLInstallRepository {
    /// One `GROUP BY` over the window's group rows: storage sums and ranks the keys, and only the
    /// page comes back, with the window's totals from window functions over the same grouping.
    public func shares(appID: String, platform: Platform?, fromDay: Int, by dimension: InstallShareDimension, limit: Int, offset: Int) async throws
        -> InstallSharePage {
        let (limit, offset) = (max(limit, 1), max(offset, 0))
        return try await database.read(timeout: queryTimeout) { db in
            let rows = try await Self.ranked(db, appID: appID, platform: platform, fromDay: fromDay, by: dimension, limit: limit, offset: offset)
            var page = InstallSharePage(entries: [], totalEntries: 0, totalInstalls: 0)
            // Past the last page no row carries the totals: ask for the first key only.
            var totals = rows
            if rows.isEmpty && offset > 0 {
                totals = try await Self.ranked(db, appID: appID, platform: platform, fromDay: fromDay, by: dimension, limit: 1, offset: 0)
            }
            if let first = totals.first {
                page.totalEntries = try first.decode(column: "entries", as: Int.self)
                page.totalInstalls = try first.decode(column: "everything", as: Int.self)
            }
            for row in rows {
                func text(_ column: String) throws -> String? {
                    guard dimension.columns.contains(column) else { return nil }
                    return try row.decode(column: column, as: String.self)
                }
                page.entries.append(InstallShareCount(platform: try Self.platform(row), version: try text("version"), build: try text("build"),
                                                      os: try text("os"), installs: try row.decode(column: "n", as: Int.self)))
            }
            return page
        }
    }

    /// The capped rollup in three aggregate reads, in one operation: the `limit` versions with
    /// most installs over the period, each day's total, and the listed versions' daily rows.
    public func dailyVersions(appID: String, platform: Platform?, fromDay: Int, limit: Int) async throws -> DailyVersionPage {
        let limit = max(limit, 1)
        return try await database.read(timeout: queryTimeout) { db in
            func filtered(_ query: SQLSelectBuilder) -> SQLSelectBuilder {
                let query = query.from("install_daily_versions").where("app_id", .equal, appID).where("day", .greaterThanOrEqual, fromDay)
                return platform.map { query.where("platform", .equal, $0.rawValue) } ?? query
            }
            let postgres = db.dialect.name == "postgresql"
            let top = try await filtered(db.select().column("platform").column("version")
                .column(SQLRaw("CAST(SUM(installs) AS BIGINT)"), as: "n").column(SQLRaw("COUNT(*) OVER ()"), as: "entries"))
                .groupBy("platform").groupBy("version").having(SQLRaw("SUM(installs)"), .greaterThan, SQLLiteral.numeric("0"))
                .orderBy(SQLRaw("SUM(installs)"), SQLDirection.descending)
                .orderBy(Self.byteOrder("platform", postgres: postgres)).orderBy(Self.byteOrder("version", postgres: postgres))
                .limit(limit).all()
            var listed: Set<InstallShareCount> = []
            for row in top {
                listed.insert(InstallShareCount(platform: try Self.platform(row), version: try row.decode(column: "version", as: String.self), installs: 0))
            }
            var page = DailyVersionPage(counts: [], otherInstalls: [:], otherVersions: try top.first?.decode(column: "entries", as: Int.self) ?? 0)
            page.otherVersions -= listed.count
            guard !listed.isEmpty else { return page }
            var dayTotals: [Int: Int] = [:]
            for row in try await filtered(db.select().column("day").column(SQLRaw("CAST(SUM(installs) AS BIGINT)"), as: "n")).groupBy("day").all() {
                dayTotals[try row.decode(column: "day", as: Int.self)] = try row.decode(column: "n", as: Int.self)
            }
            // Rows of the listed versions only: at most `limit` per platform and day.
            let versions = Array(Set(listed.compactMap(\.version))).sorted()
            for row in try await filtered(db.select().columns("platform", "version", "day", "installs")).where("version", .in, versions)
                .where("installs", .greaterThan, 0).all() {
                let count = DailyVersionCount(platform: try Self.platform(row), version: try row.decode(column: "version", as: String.self),
                                              day: try row.decode(column: "day", as: Int.self), installs: try row.decode(column: "installs", as: Int.self))
                guard listed.contains(InstallShareCount(platform: count.platform, version: count.version, installs: 0)) else { continue }
                page.counts.append(count)
                dayTotals[count.day, default: 0] -= count.installs
            }
            page.otherInstalls = dayTotals.filter { $0.value > 0 }
            return page
        }
    }

    /// Keys of `dimension` in the window, ranked by installs, `limit` from `offset`; each row also
    /// carries the number of keys (`entries`) and installs (`everything`) in the whole window.
    private static func ranked(_ db: any SQLDatabase, appID: String, platform: Platform?, fromDay: Int, by dimension: InstallShareDimension,
                               limit: Int, offset: Int) async throws -> [any SQLRow] {
        let postgres = db.dialect.name == "postgresql"
        // PostgreSQL sums BIGINT into NUMERIC; the casts keep one row type on both engines.
        var query = db.select()
        for column in dimension.columns { query = query.column(column) }
        query = query.column(SQLRaw("CAST(SUM(installs) AS BIGINT)"), as: "n")
            .column(SQLRaw("COUNT(*) OVER ()"), as: "entries")
            .column(SQLRaw("CAST(SUM(SUM(installs)) OVER () AS BIGINT)"), as: "everything")
            .from("install_groups").where("app_id", .equal, appID).where("day", .greaterThanOrEqual, fromDay)
        if let platform { query = query.where("platform", .equal, platform.rawValue) }
        for column in dimension.columns { query = query.groupBy(column) }
        query = query.having(SQLRaw("SUM(installs)"), .greaterThan, SQLLiteral.numeric("0")).orderBy(SQLRaw("SUM(installs)"), SQLDirection.descending)
        for column in dimension.columns { query = query.orderBy(byteOrder(column, postgres: postgres)) }
        return try await query.limit(limit).offset(offset).all()
    }

    /// A text column ordered by its bytes, as SQLite's default collation and ``InstallShareCount/ranked(_:_:)``
    /// do; PostgreSQL's default follows the database's locale, so ties would page differently.
    static func byteOrder(_ column: String, postgres: Bool) -> any SQLExpression {
        // Only our own column names reach this.
        postgres ? SQLRaw("\(column) COLLATE \"C\"") : SQLColumn(column)
    }
}
