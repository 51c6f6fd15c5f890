import SQLKit

/// Gives each install group the count of its installs first seen on the group's day (seen on
/// that one day only), so the publish guard can leave out installs that appeared just now
/// without reading installs one by one. Filled from the installs recorded before it.
struct CountNewInstallsPerGroup: Migration {
    package let name = "022_count_new_installs_per_group"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.raw("ALTER TABLE install_groups ADD COLUMN new_installs BIGINT NOT NULL DEFAULT 0").run()
        // One statement: the installs grouped once, joined to their groups (UPDATE … FROM, SQLite
        // 3.33 and PostgreSQL alike), not one UPDATE per group, which a large table would make a
        // long migration holding the write lock. Integer division gives the UTC day on both engines.
        try await database.raw("""
            UPDATE install_groups SET new_installs = fresh.n FROM (
                SELECT app_id, platform, version, build, os, last_seen / 86400000 AS day, COUNT(*) AS n FROM installs
                WHERE first_seen / 86400000 = last_seen / 86400000 GROUP BY app_id, platform, version, build, os, last_seen / 86400000
            ) AS fresh
            WHERE install_groups.app_id = fresh.app_id AND install_groups.platform = fresh.platform AND install_groups.day = fresh.day
                AND install_groups.version = fresh.version AND install_groups.build = fresh.build AND install_groups.os = fresh.os
            """).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.raw("ALTER TABLE install_groups DROP COLUMN new_installs").run()
    }
}
