import SQLKit

/// Installs as adoption sees them (keyed by an HMAC of the install ID, never the ID), the group
/// counts adoption and impact read instead of the installs, the daily rollup behind adoption
/// history, and the row every recording transaction locks first, so instances take turns.
struct CreateInstalls: Migration {
    package let name = "018_create_installs"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "installs")
            .column("app_id", type: .text, .notNull)
            .column("platform", type: .text, .notNull)
            .column("install_hash", type: .text, .notNull)
            .column("version", type: .text, .notNull)
            .column("build", type: .text, .notNull)
            .column("os", type: .text, .notNull)
            .column("first_seen", type: .bigint, .notNull)
            .column("last_seen", type: .bigint, .notNull)
            .primaryKey("app_id", "install_hash", "platform")
            .run()
        // For the retention sweep.
        try await database.create(index: "installs_last_seen").on("installs").column("last_seen").run()
        try await database.create(table: "install_groups")
            .column("app_id", type: .text, .notNull)
            .column("platform", type: .text, .notNull)
            .column("day", type: .bigint, .notNull)
            .column("version", type: .text, .notNull)
            .column("build", type: .text, .notNull)
            .column("os", type: .text, .notNull)
            .column("installs", type: .bigint, .notNull)
            .primaryKey("app_id", "platform", "day", "version", "build", "os")
            .run()
        try await database.create(table: "install_daily_versions")
            .column("app_id", type: .text, .notNull)
            .column("platform", type: .text, .notNull)
            .column("day", type: .bigint, .notNull)
            .column("version", type: .text, .notNull)
            .column("installs", type: .bigint, .notNull)
            .primaryKey("app_id", "platform", "day", "version")
            .run()
        try await database.create(table: "install_record_lock")
            .column("id", type: .int, .primaryKey(autoIncrement: false))
            .column("turns", type: .bigint, .notNull)
            .run()
        try await database.insert(into: "install_record_lock").columns("id", "turns").values(SQLBind(1), SQLBind(0)).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        for table in ["install_record_lock", "install_daily_versions", "install_groups", "installs"] {
            try await database.drop(table: table).run()
        }
    }
}
