import Foundation
import LaunchGate
import SQLKit

extension SQLInstallRepository {
    /// One `GROUP BY` over the window's group rows, today's new installs subtracted inside the
    /// aggregate so the ranking never sees them; the window's totals come from window functions
    /// over the same grouping. Under ``queryTimeout`` like the other adoption reads.
    public func impactGroups(appID: String, fromDay: Int, today: Int, limit: Int) async throws -> ImpactGroupPage {
        try await database.read(timeout: queryTimeout) { db in
            let postgres = db.dialect.name == "postgresql"
            // `today` is our own integer, never request text. PostgreSQL sums BIGINT into NUMERIC;
            // the casts keep one row type on both engines.
            let older = "SUM(installs) - SUM(CASE WHEN day = \(today) THEN new_installs ELSE 0 END)"
            var query = db.select()
            for column in InstallShareDimension.group.columns { query = query.column(column) }
            query = query.column(SQLRaw("CAST(\(older) AS BIGINT)"), as: "n")
                .column(SQLRaw("CAST(SUM(established_installs) AS BIGINT)"), as: "settled")
                .column(SQLRaw("COUNT(*) OVER ()"), as: "entries")
                .column(SQLRaw("CAST(SUM(\(older)) OVER () AS BIGINT)"), as: "everything")
                .column(SQLRaw("CAST(SUM(SUM(established_installs)) OVER () AS BIGINT)"), as: "everySettled")
                .from("install_groups").where("app_id", .equal, appID).where("day", .greaterThanOrEqual, fromDay)
            for column in InstallShareDimension.group.columns { query = query.groupBy(column) }
            query = query.having(SQLRaw(older), .greaterThan, SQLLiteral.numeric("0")).orderBy(SQLRaw(older), SQLDirection.descending)
            for column in InstallShareDimension.group.columns { query = query.orderBy(Self.byteOrder(column, postgres: postgres)) }
            let rows = try await query.limit(max(limit, 1)).all()
            var page = ImpactGroupPage(entries: [], totalEntries: 0, totalInstalls: 0, totalEstablished: 0)
            if let first = rows.first {
                page.totalEntries = try first.decode(column: "entries", as: Int.self)
                page.totalInstalls = try first.decode(column: "everything", as: Int.self)
                page.totalEstablished = try first.decode(column: "everySettled", as: Int.self)
            }
            for row in rows {
                page.entries.append(ImpactGroupCount(
                    platform: try Self.platform(row), version: try row.decode(column: "version", as: String.self),
                    build: try row.decode(column: "build", as: String.self), os: try row.decode(column: "os", as: String.self),
                    installs: try row.decode(column: "n", as: Int.self), established: try row.decode(column: "settled", as: Int.self)))
            }
            return page
        }
    }
}
