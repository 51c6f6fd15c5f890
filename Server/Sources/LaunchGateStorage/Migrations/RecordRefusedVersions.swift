import SQLKit

/// The lowest and highest version refused per app, platform and day (`install_refusals`), so
/// the publish guard asks to confirm only a change that could block one of them. Rows from
/// before keep `NULL`: their versions are unknown, and count for any change that blocks.
struct RecordRefusedVersions: Migration {
    package let name = "031_record_refused_versions"

    package func prepare(on database: any SQLDatabase) async throws {
        // One column per statement: SQLite alters a table a column at a time.
        try await database.alter(table: "install_refusals").column("lowest_version", type: .text).run()
        try await database.alter(table: "install_refusals").column("highest_version", type: .text).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.alter(table: "install_refusals").dropColumn("highest_version").run()
        try await database.alter(table: "install_refusals").dropColumn("lowest_version").run()
    }
}
