import SQLKit

/// How many records lowered what a poll reads of a link (``AppStoreLink/resetGeneration``): a poll that
/// read an older count publishes and records nothing (attack s16b, A). `NOT NULL DEFAULT 0`: SQLite
/// adds it in place, and every link stored before starts at 0, as if never reset.
struct AddAppStoreLinkResetGeneration: Migration {
    package let name = "049_add_appstore_links_reset_generation"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.alter(table: "appstore_links").column("reset_generation", type: .bigint, .notNull, .default(0)).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.alter(table: "appstore_links").dropColumn("reset_generation").run()
    }
}
