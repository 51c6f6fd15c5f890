import SQLKit

/// Mail waiting to be delivered, and what became of it, so an outage or a restart delays mail
/// without losing it.
struct CreateMailOutbox: Migration {
    package let name = "015_create_mail_outbox"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "mail_outbox")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("app_id", type: .text, .notNull)
            .column("email", type: .text, .notNull)
            .column("sealed_code", type: .text)
            .column("code_expires_at", type: .bigint, .notNull)
            .column("state", type: .text, .notNull)
            .column("attempts", type: .bigint, .notNull)
            .column("next_attempt_at", type: .bigint, .notNull)
            .column("last_error", type: .text)
            .column("created_at", type: .bigint, .notNull)
            .column("finished_at", type: .bigint)
            .column("failure_reported", type: .bigint, .notNull)
            .run()
        try await database.create(index: "mail_outbox_due").on("mail_outbox").column("state").column("next_attempt_at").run()
        try await database.create(index: "mail_outbox_address").on("mail_outbox").column("app_id").column("email").run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "mail_outbox").run()
    }
}
