import SQLKit

/// The funnel keyed by release channel (review G9): revisions are numbered per channel, so beta's
/// revision 3 and production's revision 3 are two policies, and their counts must not add up.
/// `prompt_funnel_days` gains `channel` in its primary key, and `prompt_funnel_installs` the
/// channel of the revision an install was prompted under.
///
/// Rows from before are kept under `production`. The SDKs that sent them named no channel, and
/// the server checked their revisions against every channel's; production is the channel a
/// ``PolicySource`` reads by default and the one nearly every install in the field is on, and it
/// is also where a beacon that still names no channel is counted from now on, so old and new
/// counts of one install stay together.
///
/// A primary key can't be altered in SQLite, so the daily counts are copied aside and back, as
/// ``KeySignInByNetwork`` does; the installs keep their key and just gain a column.
struct AddPromptFunnelChannel: Migration {
    package let name = "044_add_prompt_funnel_channel"

    /// The count columns `prompt_funnel_days` had when this migration was written. Its own list,
    /// not the repository's live one: a count column added later must not change what this step
    /// builds and copies, nor make it select a column a database this old doesn't have yet.
    static let countColumns = ["banners", "details", "recommended_screens", "required_screens", "update_taps", "dismissals", "not_nows"]

    package func prepare(on database: any SQLDatabase) async throws {
        // The count columns are constants of ours, not input.
        let counts = Self.countColumns.joined(separator: ", ")
        try await rebuild(database, withChannel: true,
                          rows: "SELECT app_id, platform, 'production', revision, day, \(unsafeRaw: counts) FROM prompt_funnel_days_old")
        try await database.alter(table: "prompt_funnel_installs")
            .column("channel", type: .text, .notNull, .default(SQLLiteral.string("production"))).run()
    }

    /// Back to one row per app, platform, revision and day: the channels' counts of one revision
    /// and day are added up, which is what the table held before.
    package func revert(on database: any SQLDatabase) async throws {
        try await database.alter(table: "prompt_funnel_installs").dropColumn("channel").run()
        let sums = Self.countColumns.map { "SUM(\($0))" }.joined(separator: ", ")
        try await rebuild(database, withChannel: false, rows: """
            SELECT app_id, platform, revision, day, \(unsafeRaw: sums) FROM prompt_funnel_days_old GROUP BY app_id, platform, revision, day
            """)
    }

    /// Copies `prompt_funnel_days` aside (a copy, not a rename: PostgreSQL would keep the old
    /// primary key's index name), makes it anew with or without the channel, copies back what
    /// `rows` selects from the copy, and drops the copy.
    private func rebuild(_ database: any SQLDatabase, withChannel: Bool, rows: SQLQueryString) async throws {
        try await database.raw("CREATE TABLE prompt_funnel_days_old AS SELECT * FROM prompt_funnel_days").run()
        try await database.drop(table: "prompt_funnel_days").run()
        var days = database.create(table: "prompt_funnel_days")
            .column("app_id", type: .text, .notNull)
            .column("platform", type: .text, .notNull)
        if withChannel { days = days.column("channel", type: .text, .notNull) }
        days = days.column("revision", type: .bigint, .notNull).column("day", type: .bigint, .notNull)
        for column in Self.countColumns { days = days.column(column, type: .bigint, .notNull) }
        try await days.primaryKey(withChannel ? ["app_id", "platform", "channel", "revision", "day"] : ["app_id", "platform", "revision", "day"]).run()
        try await database.raw("INSERT INTO prompt_funnel_days \(rows)").run()
        try await database.drop(table: "prompt_funnel_days_old").run()
    }
}
