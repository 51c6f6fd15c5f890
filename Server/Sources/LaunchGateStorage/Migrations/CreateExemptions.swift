import SQLKit

/// Installs and devices that always see "up to date".
struct CreateExemptions: Migration {
    package let name = "005_create_exemptions"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "exemptions")
            .column("app_id", type: .text, .notNull, .references("apps", "id"))
            .column("kind", type: .text, .notNull)
            .column("value", type: .text, .notNull)
            .column("note", type: .text)
            .column("created_at", type: .bigint, .notNull)
            .primaryKey("app_id", "kind", "value")
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "exemptions").run()
    }
}
