import SQLKit

/// Signing keys, with the private half sealed under the master key.
struct CreateSigningKeys: Migration {
    package let name = "004_create_signing_keys"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "signing_keys")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("public_key", type: .text, .notNull)
            .column("sealed_private_key", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("sequence", type: .bigint, .notNull)
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "signing_keys").run()
    }
}
