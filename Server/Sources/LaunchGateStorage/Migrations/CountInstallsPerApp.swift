import SQLKit

/// What the install caps read instead of counting installs: a counter row per app, kept in the
/// recording transaction, and an index to count one app's groups of one day without reading
/// its other days.
struct CountInstallsPerApp: Migration {
    package let name = "019_count_installs_per_app"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "install_app_counts")
            .column("app_id", type: .text, .primaryKey(autoIncrement: false))
            .column("installs", type: .bigint, .notNull)
            .run()
        try await database.raw("INSERT INTO install_app_counts (app_id, installs) SELECT app_id, COUNT(*) FROM installs GROUP BY app_id").run()
        try await database.create(index: "install_groups_app_day").on("install_groups").column("app_id").column("day").run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(index: "install_groups_app_day").run()
        try await database.drop(table: "install_app_counts").run()
    }
}
