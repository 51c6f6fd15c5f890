import SQLKit

/// What the cap on installs per app and platform reads instead of counting installs: a counter
/// row per app and platform, kept in the recording transaction and lowered by the retention
/// sweep. It replaces `install_app_counts` (migration 019), which migration 030 drops.
struct CountInstallsPerPlatform: Migration {
    package let name = "028_count_installs_per_platform"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "install_platform_counts")
            .column("app_id", type: .text, .notNull)
            .column("platform", type: .text, .notNull)
            .column("installs", type: .bigint, .notNull)
            .primaryKey("app_id", "platform")
            .run()
        try await database.raw("""
            INSERT INTO install_platform_counts (app_id, platform, installs) SELECT app_id, platform, COUNT(*) FROM installs GROUP BY app_id, platform
            """).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "install_platform_counts").run()
    }
}
