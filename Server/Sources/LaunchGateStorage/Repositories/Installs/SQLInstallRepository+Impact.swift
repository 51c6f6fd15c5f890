import Foundation
import LaunchGate
import SQLKit

extension SQLInstallRepository {
    /// One `GROUP BY` over the window's group rows, today's new installs counted apart inside the
    /// aggregate; each platform ranked on its own, twice (by older installs, and by new ones), and
    /// cut at `limit` in each by window functions, with the platform's totals from window functions
    /// over the same grouping. Under ``queryTimeout`` like the other adoption reads.
    public func impactGroups(appID: String, fromDay: Int, today: Int, limit: Int) async throws -> ImpactGroupPage {
        try await database.read(timeout: queryTimeout) { db in
            // PostgreSQL sums BIGINT into NUMERIC, and orders text by the database's locale: the
            // casts keep one row type, and "C" the byte order SQLite and the memory store use.
            // `today` is our own integer, never request text.
            let text: SQLQueryString = db.dialect.name == "postgresql" ? #" COLLATE "C""# : ""
            let fresh: SQLQueryString = "SUM(CASE WHEN day = \(literal: today) THEN new_installs ELSE 0 END)"
            let older: SQLQueryString = "(SUM(installs) - \(fresh))"
            let rows = try await db.raw("""
                SELECT platform, version, build, os, n, settled, fresh, group_count, everything, every_settled FROM (
                  SELECT platform, version, build, os, CAST(\(older) AS BIGINT) AS n, CAST(SUM(established_installs) AS BIGINT) AS settled,
                    CAST(\(fresh) AS BIGINT) AS fresh,
                    ROW_NUMBER() OVER (PARTITION BY platform ORDER BY \(older) DESC, \(fresh) DESC, version\(text), build\(text), os\(text)) AS place,
                    ROW_NUMBER() OVER (PARTITION BY platform ORDER BY \(fresh) DESC, \(older) DESC, version\(text), build\(text), os\(text)) AS fresh_place,
                    CAST(SUM(CASE WHEN \(older) > 0 THEN 1 ELSE 0 END) OVER (PARTITION BY platform) AS BIGINT) AS group_count,
                    CAST(SUM(\(older)) OVER (PARTITION BY platform) AS BIGINT) AS everything,
                    CAST(SUM(SUM(established_installs)) OVER (PARTITION BY platform) AS BIGINT) AS every_settled
                  FROM install_groups WHERE app_id = \(bind: appID) AND day >= \(bind: fromDay)
                  GROUP BY platform, version, build, os HAVING SUM(installs) > 0
                ) AS ranked WHERE place <= \(bind: max(limit, 1)) OR (fresh > 0 AND fresh_place <= \(bind: max(limit, 1))) ORDER BY platform\(text), place
                """).all()
            var page = ImpactGroupPage(entries: [], totals: [:])
            for row in rows {
                let platform = try Self.platform(row)
                page.totals[platform] = ImpactGroupPage.Totals(groups: try row.decode(column: "group_count", as: Int.self),
                                                               installs: try row.decode(column: "everything", as: Int.self),
                                                               established: try row.decode(column: "every_settled", as: Int.self))
                page.entries.append(ImpactGroupCount(
                    platform: platform, version: try row.decode(column: "version", as: String.self), build: try row.decode(column: "build", as: String.self),
                    os: try row.decode(column: "os", as: String.self), installs: try row.decode(column: "n", as: Int.self),
                    established: try row.decode(column: "settled", as: Int.self), fresh: try row.decode(column: "fresh", as: Int.self)))
            }
            return page
        }
    }
}
