import SQLKit

/// The one live code per address, as an HMAC only. The key is the address, so a new send
/// replaces the old code with its attempts in one statement.
struct CreateSignInCodes: Migration {
    package let name = "011_create_sign_in_codes"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "sign_in_codes")
            .column("app_id", type: .text, .notNull)
            .column("email", type: .text, .notNull)
            .column("id", type: .text, .notNull)
            .column("code_hash", type: .text, .notNull)
            .column("attempts", type: .bigint, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("expires_at", type: .bigint, .notNull)
            .column("consumed_at", type: .bigint)
            .primaryKey("app_id", "email")
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "sign_in_codes").run()
    }
}
