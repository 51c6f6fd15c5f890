import SQLKit

/// Gives each install group the count of its established installs (seen on two sightings at
/// least a day apart), so the publish guard can measure by installs that took a day of traffic
/// to make up, without reading installs one by one. Filled from the installs recorded before it.
struct CountEstablishedInstallsPerGroup: Migration {
    package let name = "024_count_established_installs_per_group"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.raw("ALTER TABLE install_groups ADD COLUMN established_installs BIGINT NOT NULL DEFAULT 0").run()
        // One statement, as in 022: the installs grouped once and joined to their groups, not one
        // UPDATE per group. Integer division gives the UTC day on both engines.
        try await database.raw("""
            UPDATE install_groups SET established_installs = settled.n FROM (
                SELECT app_id, platform, version, build, os, last_seen / 86400000 AS day, COUNT(*) AS n FROM installs
                WHERE last_seen - first_seen >= 86400000 GROUP BY app_id, platform, version, build, os, last_seen / 86400000
            ) AS settled
            WHERE install_groups.app_id = settled.app_id AND install_groups.platform = settled.platform AND install_groups.day = settled.day
                AND install_groups.version = settled.version AND install_groups.build = settled.build AND install_groups.os = settled.os
            """).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.raw("ALTER TABLE install_groups DROP COLUMN established_installs").run()
    }
}
