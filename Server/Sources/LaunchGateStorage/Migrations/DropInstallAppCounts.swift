import SQLKit

/// Drops `install_app_counts` (migration 019): since migration 028 the install cap reads
/// `install_platform_counts`, so nothing writes or reads it, and its counts went wrong at the
/// first prune. Reverting makes it again, counted from the installs kept.
struct DropInstallAppCounts: Migration {
    package let name = "030_drop_install_app_counts"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.drop(table: "install_app_counts").run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.create(table: "install_app_counts")
            .column("app_id", type: .text, .primaryKey(autoIncrement: false))
            .column("installs", type: .bigint, .notNull)
            .run()
        try await database.raw("INSERT INTO install_app_counts (app_id, installs) SELECT app_id, COUNT(*) FROM installs GROUP BY app_id").run()
    }
}
