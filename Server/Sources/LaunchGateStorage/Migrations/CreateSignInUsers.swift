import SQLKit

/// Users of passwordless sign-in, per app and address.
struct CreateSignInUsers: Migration {
    package let name = "010_create_sign_in_users"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "sign_in_users")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("app_id", type: .text, .notNull, .references("apps", "id"))
            .column("email", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("last_sign_in_at", type: .bigint, .notNull)
            .unique("app_id", "email")
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "sign_in_users").run()
    }
}
