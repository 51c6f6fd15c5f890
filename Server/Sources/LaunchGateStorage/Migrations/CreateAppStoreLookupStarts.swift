import SQLKit

/// When each App Store lookup of the last minute started, or is to start, one row per lookup, over
/// every process and instance on the database (`serve`, `launchgate appstore sync`): a lookup is
/// reserved here before it is asked, so all of them together keep to one pace
/// (``AppStoreLookupStartRepository``). Rows two minutes old are deleted by each reservation,
/// so the table holds about two minutes' lookups.
struct CreateAppStoreLookupStarts: Migration {
    package let name = "048_create_appstore_lookup_starts"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "appstore_lookup_starts")
            .column("started_at", type: .bigint, .notNull)
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "appstore_lookup_starts").run()
    }
}
