import SQLKit

/// Server secrets, sealed under the master key as signing keys are: the sign-in code HMAC key.
struct CreateServerSecrets: Migration {
    package let name = "009_create_server_secrets"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "server_secrets")
            .column("name", type: .text, .primaryKey(autoIncrement: false))
            .column("sealed_value", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "server_secrets").run()
    }
}
