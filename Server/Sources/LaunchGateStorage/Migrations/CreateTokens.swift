import SQLKit

/// Admin tokens, stored as hashes only.
struct CreateTokens: Migration {
    package let name = "003_create_tokens"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "tokens")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("name", type: .text, .notNull)
            .column("scope", type: .text, .notNull)
            .column("secret_hash", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("revoked_at", type: .bigint)
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "tokens").run()
    }
}
