import SQLKit

/// The apps table.
struct CreateApps: Migration {
    package let name = "001_create_apps"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "apps")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("name", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "apps").run()
    }
}
