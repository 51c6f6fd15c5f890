import SQLKit

/// One row per (platform, version, build, OS) group an app has had within the retention window,
/// with the last day it was seen: what the cap on groups kept per app and platform
/// (``InstallLimits/groupsPerAppPlatform``) counts, so a group that returns day after day, or after
/// its old rows aged out, takes its room once. Filled from the group counts kept before it.
struct CreateInstallGroupKeys: Migration {
    package let name = "025_create_install_group_keys"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "install_group_keys")
            .column("app_id", type: .text, .notNull)
            .column("platform", type: .text, .notNull)
            .column("version", type: .text, .notNull)
            .column("build", type: .text, .notNull)
            .column("os", type: .text, .notNull)
            .column("last_day", type: .bigint, .notNull)
            .primaryKey("app_id", "platform", "version", "build", "os")
            .run()
        // One set-based statement, as in 022 and 024.
        try await database.raw("""
            INSERT INTO install_group_keys (app_id, platform, version, build, os, last_day)
            SELECT app_id, platform, version, build, os, MAX(day) FROM install_groups GROUP BY app_id, platform, version, build, os
            """).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "install_group_keys").run()
    }
}
