import Foundation
import SQLKit

extension SQLWebhookRepository {
    static let endpointColumns = ["id", "app_id", "url", "events", "sealed_secret", "created_at", "disabled_at", "dropped"]
    static let deliveryColumns = ["id", "endpoint_id", "app_id", "event_id", "type", "payload", "state", "attempts", "next_attempt_at",
                                  "leased_until", "last_status", "last_error", "created_at", "delivered_at"]

    static func activeEndpoints(_ db: any SQLDatabase, appID: String) async throws -> [WebhookEndpointRecord] {
        try await db.select().columns(endpointColumns).from("webhook_endpoints")
            .where("app_id", .equal, appID).where("disabled_at", .is, SQLLiteral.null)
            .orderBy("created_at").orderBy("id").all().map(endpoint)
    }

    static func pendingCount(_ db: any SQLDatabase, endpointID: String) async throws -> Int {
        try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("webhook_deliveries")
            .where("endpoint_id", .equal, endpointID).where("state", .equal, WebhookDeliveryRecord.State.pending.rawValue).first()
            .map { try $0.decode(column: "n", as: Int.self) } ?? 0
    }

    static func insert(_ delivery: WebhookDeliveryRecord, on db: any SQLDatabase) async throws {
        try await db.insert(into: "webhook_deliveries").columns(deliveryColumns)
            .values(SQLBind(delivery.id), SQLBind(delivery.endpointID), SQLBind(delivery.appID), SQLBind(delivery.eventID),
                    SQLBind(delivery.type), SQLBind(delivery.payload), SQLBind(delivery.state.rawValue), SQLBind(delivery.attempts),
                    SQLBind(delivery.nextAttemptAt.milliseconds), SQLBind(max(0, delivery.leasedUntil.milliseconds)),
                    SQLBind(delivery.lastStatus), SQLBind(delivery.lastError), SQLBind(delivery.createdAt.milliseconds),
                    SQLBind(delivery.deliveredAt?.milliseconds))
            .run()
    }

    static func endpoint(_ row: any SQLRow) throws -> WebhookEndpointRecord {
        let events = try row.decode(column: "events", as: String.self)
        return WebhookEndpointRecord(
            id: try row.decode(column: "id", as: String.self), appID: try row.decode(column: "app_id", as: String.self),
            url: try row.decode(column: "url", as: String.self),
            events: events.isEmpty ? [] : events.split(separator: ",").map(String.init),
            sealedSecret: try row.decode(column: "sealed_secret", as: String.self),
            createdAt: Date(milliseconds: try row.decode(column: "created_at", as: Int64.self)),
            disabledAt: try row.decode(column: "disabled_at", as: Int64?.self).map(Date.init(milliseconds:)),
            dropped: try row.decode(column: "dropped", as: Int.self))
    }

    static func delivery(_ row: any SQLRow) throws -> WebhookDeliveryRecord {
        let state = try row.decode(column: "state", as: String.self)
        guard let parsed = WebhookDeliveryRecord.State(rawValue: state) else {
            throw StorageError.corrupt("a webhook delivery has the unknown state \(state.prefix(32))")
        }
        let leased = try row.decode(column: "leased_until", as: Int64.self)
        return WebhookDeliveryRecord(
            id: try row.decode(column: "id", as: String.self), endpointID: try row.decode(column: "endpoint_id", as: String.self),
            appID: try row.decode(column: "app_id", as: String.self), eventID: try row.decode(column: "event_id", as: String.self),
            type: try row.decode(column: "type", as: String.self), payload: try row.decode(column: "payload", as: String.self),
            state: parsed, attempts: try row.decode(column: "attempts", as: Int.self),
            nextAttemptAt: Date(milliseconds: try row.decode(column: "next_attempt_at", as: Int64.self)),
            leasedUntil: leased == 0 ? .distantPast : Date(milliseconds: leased),
            lastStatus: try row.decode(column: "last_status", as: Int?.self), lastError: try row.decode(column: "last_error", as: String?.self),
            createdAt: Date(milliseconds: try row.decode(column: "created_at", as: Int64.self)),
            deliveredAt: try row.decode(column: "delivered_at", as: Int64?.self).map(Date.init(milliseconds:)))
    }
}
