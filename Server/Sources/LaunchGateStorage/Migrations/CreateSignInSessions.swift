import SQLKit

/// Sessions, found by the SHA-256 of their token; indexed for revocation per user and per device.
struct CreateSignInSessions: Migration {
    package let name = "012_create_sign_in_sessions"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "sign_in_sessions")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("app_id", type: .text, .notNull)
            .column("user_id", type: .text, .notNull, .references("sign_in_users", "id"))
            .column("device_id", type: .text, .notNull)
            .column("token_hash", type: .text, .notNull, .unique)
            .column("created_at", type: .bigint, .notNull)
            .column("expires_at", type: .bigint, .notNull)
            .column("revoked_at", type: .bigint)
            .run()
        try await database.create(index: "sign_in_sessions_user").on("sign_in_sessions").column("user_id").run()
        try await database.create(index: "sign_in_sessions_device").on("sign_in_sessions").column("app_id").column("device_id").run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "sign_in_sessions").run()
    }
}
