import SQLKit

/// The version a link's answers are measured from (``AppStoreLinkStatus/trustedVersion``) and the
/// newest version served with the time it became the newest (and the time its major.minor did, so
/// a version whose major.minor has stood for a day becomes trusted), and the last answer's
/// storefront, notes and minimum OS for it as JSON (``AppStoreNewestRelease``), which a young
/// version's next agreeing answer corrects them with. Nullable columns: SQLite adds them in place,
/// and `NULL` reads as none (the first poll then takes the published `latest`, or the highest served, as today).
struct AddAppStoreLinkTrustedVersion: Migration {
    package let name = "047_add_appstore_links_trusted_version"

    package func prepare(on database: any SQLDatabase) async throws {
        // One column a statement: SQLite's ALTER TABLE adds one at a time.
        try await database.alter(table: "appstore_links").column("trusted_version", type: .text).run()
        try await database.alter(table: "appstore_links").column("newest_version", type: .text).run()
        try await database.alter(table: "appstore_links").column("newest_since", type: .bigint).run()
        try await database.alter(table: "appstore_links").column("newest_minor_since", type: .bigint).run()
        try await database.alter(table: "appstore_links").column("newest_release", type: .text).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.alter(table: "appstore_links").dropColumn("newest_release").run()
        try await database.alter(table: "appstore_links").dropColumn("newest_minor_since").run()
        try await database.alter(table: "appstore_links").dropColumn("newest_since").run()
        try await database.alter(table: "appstore_links").dropColumn("newest_version").run()
        try await database.alter(table: "appstore_links").dropColumn("trusted_version").run()
    }
}
