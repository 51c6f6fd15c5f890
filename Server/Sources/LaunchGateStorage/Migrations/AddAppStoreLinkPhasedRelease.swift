import SQLKit

/// The phased release's last status beside the link's poll status, so `launchgate appstore status`
/// (another process than `serve`) can show it. One nullable column: SQLite adds it in place.
struct AddAppStoreLinkPhasedRelease: Migration {
    package let name = "043_add_appstore_links_phased_release"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.alter(table: "appstore_links").column("phased_release", type: .text).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.alter(table: "appstore_links").dropColumn("phased_release").run()
    }
}
