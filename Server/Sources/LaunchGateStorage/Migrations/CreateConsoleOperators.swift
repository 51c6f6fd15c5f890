import SQLKit

/// Console operators: addresses an admin allowed to sign in to the console by emailed code, each
/// with a token scope. Removal keeps the row (marked), so the address can be added again.
struct CreateConsoleOperators: Migration {
    package let name = "023_create_console_operators"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "console_operators")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("email", type: .text, .notNull, .unique)
            .column("scope", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("removed_at", type: .bigint)
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "console_operators").run()
    }
}
