import SQLKit

/// The answers the last poll ignored (stale or implausible) beside the link's poll status, so
/// `launchgate appstore status` (another process than `serve`) can show them. One nullable column:
/// SQLite adds it in place, and `NULL` reads as none.
struct AddAppStoreLinkIgnoredAnswers: Migration {
    package let name = "045_add_appstore_links_ignored_answers"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.alter(table: "appstore_links").column("ignored_answers", type: .text).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.alter(table: "appstore_links").dropColumn("ignored_answers").run()
    }
}
