import SQLKit

/// Web console sessions: only the SHA-256 of each cookie's secret, the admin token it stands for
/// and its expiry; ordered by creation so the oldest go when the table is full.
struct CreateConsoleSessions: Migration {
    package let name = "020_create_console_sessions"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "console_sessions")
            .column("hash", type: .text, .primaryKey(autoIncrement: false))
            .column("token_id", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("expires_at", type: .bigint, .notNull)
            .run()
        try await database.create(index: "console_sessions_created_at").on("console_sessions").column("created_at").run()
        try await database.create(index: "console_sessions_expires_at").on("console_sessions").column("expires_at").run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "console_sessions").run()
    }
}
