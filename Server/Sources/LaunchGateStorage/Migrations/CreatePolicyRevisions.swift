import SQLKit

/// Immutable policy revisions; the newest per app and channel is current.
struct CreatePolicyRevisions: Migration {
    package let name = "002_create_policy_revisions"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "policy_revisions")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("app_id", type: .text, .notNull, .references("apps", "id"))
            .column("channel", type: .text, .notNull)
            .column("number", type: .bigint, .notNull)
            .column("document", type: .text, .notNull)
            .column("issued_at", type: .bigint, .notNull)
            .column("author", type: .text, .notNull)
            .column("note", type: .text)
            .unique("app_id", "channel", "number")
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "policy_revisions").run()
    }
}
