import SQLKit

/// Per app and platform, the App Store app the iTunes lookup poller follows, which fields the
/// operator pinned, and how the last polls went. Lists (storefronts, pins) and the per-storefront
/// versions are text: SQLite has no arrays, and they are short and read whole.
struct CreateAppStoreLinks: Migration {
    package let name = "040_create_appstore_links"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "appstore_links")
            .column("app_id", type: .text, .notNull, .references("apps", "id"))
            .column("platform", type: .text, .notNull)
            .column("bundle_id", type: .text)
            .column("apple_id", type: .text)
            .column("storefronts", type: .text, .notNull)
            .column("pins", type: .text, .notNull)
            .column("served", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("last_poll_at", type: .bigint)
            .column("last_success_at", type: .bigint)
            .column("last_error", type: .text)
            .column("failures", type: .bigint, .notNull)
            .column("next_poll_at", type: .bigint, .notNull)
            .primaryKey("app_id", "platform")
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "appstore_links").run()
    }
}
