import SQLKit

/// Rate-limit events, shared by every instance: a row per key to lock while counting (so two
/// instances can't both take the last slot), and the events of each key's sliding windows.
struct CreateRateLimits: Migration {
    package let name = "014_create_rate_limits"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "rate_limit_keys")
            .column("key", type: .text, .primaryKey(autoIncrement: false))
            .column("touched_at", type: .bigint, .notNull)
            .run()
        try await database.create(table: "rate_limit_events")
            .column("id", type: .bigint, .primaryKey(autoIncrement: true))
            .column("key", type: .text, .notNull)
            .column("at", type: .bigint, .notNull)
            .run()
        try await database.create(index: "rate_limit_events_key_at").on("rate_limit_events").column("key").column("at").run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "rate_limit_events").run()
        try await database.drop(table: "rate_limit_keys").run()
    }
}
