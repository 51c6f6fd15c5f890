import SQLKit

/// Gives each install group the count of its installs first seen on the group's day (seen on
/// that one day only), so the publish guard can leave out installs that appeared just now
/// without reading installs one by one. Filled from the installs recorded before it.
struct CountNewInstallsPerGroup: Migration {
    let name = "022_count_new_installs_per_group"

    func prepare(on database: any SQLDatabase) async throws {
        try await database.raw("ALTER TABLE install_groups ADD COLUMN new_installs BIGINT NOT NULL DEFAULT 0").run()
        // One pass over the installs; integer division gives the UTC day on both engines.
        let rows = try await database.raw("""
            SELECT app_id, platform, version, build, os, last_seen / 86400000 AS day, COUNT(*) AS n FROM installs
            WHERE first_seen / 86400000 = last_seen / 86400000 GROUP BY app_id, platform, version, build, os, last_seen / 86400000
            """).all()
        for row in rows {
            try await database.update("install_groups").set("new_installs", to: SQLBind(try row.decode(column: "n", as: Int.self)))
                .where("app_id", .equal, try row.decode(column: "app_id", as: String.self))
                .where("platform", .equal, try row.decode(column: "platform", as: String.self))
                .where("day", .equal, try row.decode(column: "day", as: Int.self))
                .where("version", .equal, try row.decode(column: "version", as: String.self))
                .where("build", .equal, try row.decode(column: "build", as: String.self))
                .where("os", .equal, try row.decode(column: "os", as: String.self)).run()
        }
    }

    func revert(on database: any SQLDatabase) async throws {
        try await database.raw("ALTER TABLE install_groups DROP COLUMN new_installs").run()
    }
}
