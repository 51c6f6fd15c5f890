import SQLKit

/// Rate limits as one row per key holding its recent event times (``RateLimitTimes``), so that
/// one statement checks every rule and records the event, atomically on both engines: PostgreSQL
/// evaluates an upsert's condition on the row as the last committed change left it, and SQLite
/// runs one writer at a time. The events recorded so far are carried over; their table goes.
struct KeepRateLimitTimesPerKey: Migration {
    package let name = "029_keep_rate_limit_times_per_key"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.alter(table: "rate_limit_keys").column("times", type: .text, .notNull, .default(SQLLiteral.string(""))).run()
        // SQLite never stored key rows (its write lock ordered callers); PostgreSQL's hold only a time.
        try await database.delete(from: "rate_limit_keys").run()
        // The only SQL here that differs between the engines: SQLite's printf and group_concat are
        // PostgreSQL's lpad and string_agg.
        let times: SQLQueryString = database.dialect.name == "sqlite"
            ? #"group_concat(printf('%013d', "at"), '' ORDER BY "at")"#
            : #"string_agg(lpad(CAST("at" AS TEXT), 13, '0'), '' ORDER BY "at")"#
        try await database.raw("""
            INSERT INTO rate_limit_keys ("key", touched_at, times)
            SELECT "key", MAX("at"), \(times) FROM rate_limit_events GROUP BY "key"
            """).run()
        try await database.drop(table: "rate_limit_events").run()
        // The sweep deletes keys by their newest time, as it deleted events by theirs.
        try await database.create(index: "rate_limit_keys_touched_at").on("rate_limit_keys").column("touched_at").run()
    }

    /// Brings back the events table, empty: the limits start again from nothing.
    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(index: "rate_limit_keys_touched_at").run()
        try await database.create(table: "rate_limit_events")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("key", type: .text, .notNull)
            .column("at", type: .bigint, .notNull)
            .run()
        try await database.create(index: "rate_limit_events_key_at").on("rate_limit_events").column("key").column("at").run()
        try await database.create(index: "rate_limit_events_at").on("rate_limit_events").column("at").run()
        try await database.alter(table: "rate_limit_keys").dropColumn("times").run()
    }
}
