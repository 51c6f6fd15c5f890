import SQLKit

/// Lets the sweep find old rate-limit events by time. Without it, its `DELETE … WHERE at < ?`
/// reads the whole table every 10 minutes while holding SQLite's write lock, and on PostgreSQL a
/// large table could outlast the statement time limit and never be swept.
struct IndexRateLimitEventTimes: Migration {
    package let name = "017_index_rate_limit_event_times"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(index: "rate_limit_events_at").on("rate_limit_events").column("at").run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(index: "rate_limit_events_at").run()
    }
}
