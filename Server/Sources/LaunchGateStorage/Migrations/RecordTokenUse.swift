import SQLKit

/// When each admin token was last used, for the console's tokens page: a token nobody has used
/// for months is one to revoke. Written at most once a minute per token (``TokenUseThrottle``).
struct RecordTokenUse: Migration {
    package let name = "026_record_token_use"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.alter(table: "tokens").column("last_used_at", type: .bigint).run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.alter(table: "tokens").dropColumn("last_used_at").run()
    }
}
