import SQLKit

/// Per-address failure counts and locks, kept whether or not the address has an account, so a
/// lock says nothing about one.
struct CreateSignInAddresses: Migration {
    package let name = "013_create_sign_in_addresses"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "sign_in_addresses")
            .column("app_id", type: .text, .notNull)
            .column("email", type: .text, .notNull)
            .column("failures", type: .bigint, .notNull)
            .column("locked_until", type: .bigint)
            .primaryKey("app_id", "email")
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "sign_in_addresses").run()
    }
}
