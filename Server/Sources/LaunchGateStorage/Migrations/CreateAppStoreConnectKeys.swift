import SQLKit

/// Per-app App Store Connect API keys, for following Apple's phased release: the private key is
/// stored sealed under the master key, never in the clear.
struct CreateAppStoreConnectKeys: Migration {
    package let name = "041_create_app_store_connect_keys"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "app_store_connect_keys")
            .column("app_id", type: .text, .primaryKey(autoIncrement: false), .references("apps", "id"))
            .column("issuer_id", type: .text, .notNull)
            .column("key_id", type: .text, .notNull)
            .column("sealed_private_key", type: .text, .notNull)
            .column("updated_at", type: .bigint, .notNull)
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "app_store_connect_keys").run()
    }
}
