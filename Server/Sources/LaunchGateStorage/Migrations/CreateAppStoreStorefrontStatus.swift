import SQLKit

/// How each storefront of a link last fared, one row per (app, platform, storefront): when it was
/// last asked (so a poll in any process, `launchgate appstore sync` included, starts with the
/// storefronts asked longest ago), its last answer and error, and how long it has said "no such
/// app". Rows exist only for a link's storefronts: a poll's record rewrites only the rows of the
/// storefronts it asked (the others keep theirs); they go with the link's row (`ON DELETE CASCADE`)
/// on unlink or on a relink to another App Store app, and a relink to the same app keeps those of
/// the storefronts still linked (review s15b, N8).
struct CreateAppStoreStorefrontStatus: Migration {
    package let name = "046_create_appstore_storefront_status"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "appstore_storefront_status")
            .column("app_id", type: .text, .notNull)
            .column("platform", type: .text, .notNull)
            .column("storefront", type: .text, .notNull)
            .column("last_poll_at", type: .bigint)
            .column("last_answer_at", type: .bigint)
            .column("last_answer", type: .text)
            .column("last_error", type: .text)
            .column("missing_since", type: .bigint)
            .column("missing_polls", type: .bigint, .notNull)
            .column("withdrawn_at", type: .bigint)
            .primaryKey("app_id", "platform", "storefront")
            .foreignKey(["app_id", "platform"], references: "appstore_links", ["app_id", "platform"], onDelete: .cascade)
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "appstore_storefront_status").run()
    }
}
