import SQLKit

/// Webhook endpoints (an app's URLs, their event filters and sealed secrets) and the delivery
/// outbox: one row per event per endpoint, claimed with a lease by whichever instance sends it,
/// so a restart, a kill or an endpoint's outage delays events without losing them.
struct CreateWebhooks: Migration {
    package let name = "042_create_webhooks"

    package func prepare(on database: any SQLDatabase) async throws {
        try await database.create(table: "webhook_endpoints")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("app_id", type: .text, .notNull, .references("apps", "id"))
            .column("url", type: .text, .notNull)
            // Comma-separated types; empty for every type. No array type in SQLite.
            .column("events", type: .text, .notNull)
            .column("sealed_secret", type: .text, .notNull)
            .column("created_at", type: .bigint, .notNull)
            .column("disabled_at", type: .bigint)
            .column("dropped", type: .bigint, .notNull)
            .run()
        try await database.create(index: "webhook_endpoints_app").on("webhook_endpoints").column("app_id").run()
        try await database.create(table: "webhook_deliveries")
            .column("id", type: .text, .primaryKey(autoIncrement: false))
            .column("endpoint_id", type: .text, .notNull, .references("webhook_endpoints", "id"))
            .column("app_id", type: .text, .notNull)
            .column("event_id", type: .text, .notNull)
            .column("type", type: .text, .notNull)
            .column("payload", type: .text, .notNull)
            .column("state", type: .text, .notNull)
            .column("attempts", type: .bigint, .notNull)
            .column("next_attempt_at", type: .bigint, .notNull)
            .column("leased_until", type: .bigint, .notNull)
            .column("last_status", type: .bigint)
            .column("last_error", type: .text)
            .column("created_at", type: .bigint, .notNull)
            .column("delivered_at", type: .bigint)
            .run()
        try await database.create(index: "webhook_deliveries_due").on("webhook_deliveries").column("state").column("next_attempt_at").run()
        try await database.create(index: "webhook_deliveries_endpoint").on("webhook_deliveries").column("endpoint_id").column("state").run()
        try await database.create(index: "webhook_deliveries_app").on("webhook_deliveries").column("app_id").column("created_at").run()
    }

    package func revert(on database: any SQLDatabase) async throws {
        try await database.drop(table: "webhook_deliveries").run()
        try await database.drop(table: "webhook_endpoints").run()
    }
}
