import SQLKit

/// Deleted accounts counted per app, UTC day (whole days since 1970, as installs count them) and requester (``DailyDeletions``): the audit trail of
/// deletions keeps numbers only, nothing that names or singles out the person.
struct CountAccountDeletions: Migration {
    package let name = "038_count_account_deletions"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "sign_in_deletions")
            .column("app_id", type: .text, .notNull)
            .column("day", type: .bigint, .notNull)
            .column("requested_by", type: .text, .notNull)
            .column("deletions", type: .bigint, .notNull)
            .primaryKey("app_id", "day", "requested_by")
            .run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "sign_in_deletions").run()
    }
}
