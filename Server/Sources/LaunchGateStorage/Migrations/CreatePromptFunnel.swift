import SQLKit

/// The prompt funnel: daily counts per app, platform, revision and day; the prompted installs
/// (by the install ID's HMAC, as adoption keys them) behind the conversion figures; their count
/// per app and platform, which the cap reads; and the row every funnel recording locks first.
struct CreatePromptFunnel: Migration {
    package let name = "039_create_prompt_funnel"

    /// The count columns of `prompt_funnel_days` as this migration made them. Its own list, not the
    /// repository's live one: a count column added later belongs to a migration of its own, and
    /// must not change what this step builds on a fresh database (as ``AddPromptFunnelChannel``).
    static let countColumns = ["banners", "details", "recommended_screens", "required_screens", "update_taps", "dismissals", "not_nows"]

    package func prepare(on database: any SQLDatabase) async throws {
        var days = database.create(table: "prompt_funnel_days")
            .column("app_id", type: .text, .notNull)
            .column("platform", type: .text, .notNull)
            .column("revision", type: .bigint, .notNull)
            .column("day", type: .bigint, .notNull)
        for column in Self.countColumns { days = days.column(column, type: .bigint, .notNull) }
        try await days.primaryKey("app_id", "platform", "revision", "day").run()
        try await database.create(table: "prompt_funnel_installs")
            .column("app_id", type: .text, .notNull)
            .column("platform", type: .text, .notNull)
            .column("install_hash", type: .text, .notNull)
            .column("revision", type: .bigint, .notNull)
            .column("prompted_version", type: .text, .notNull)
            .column("prompted_day", type: .bigint, .notNull)
            .column("last_ping_day", type: .bigint, .notNull)
            .column("upgraded_day", type: .bigint)
            .primaryKey("app_id", "install_hash", "platform")
            .run()
        // For the retention sweep.
        try await database.create(index: "prompt_funnel_installs_last_ping").on("prompt_funnel_installs").column("last_ping_day").run()
        try await database.create(table: "prompt_funnel_counts")
            .column("app_id", type: .text, .notNull)
            .column("platform", type: .text, .notNull)
            .column("installs", type: .bigint, .notNull)
            .primaryKey("app_id", "platform")
            .run()
        try await database.create(table: "prompt_funnel_lock")
            .column("id", type: .int, .primaryKey(autoIncrement: false))
            .column("turns", type: .bigint, .notNull)
            .run()
        try await database.insert(into: "prompt_funnel_lock").columns("id", "turns").values(SQLBind(1), SQLBind(0)).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        for table in ["prompt_funnel_lock", "prompt_funnel_counts", "prompt_funnel_installs", "prompt_funnel_days"] {
            try await database.drop(table: table).run()
        }
    }
}
