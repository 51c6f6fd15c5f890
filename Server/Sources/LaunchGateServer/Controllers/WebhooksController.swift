import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateHTTP
import LaunchGateStorage
import LaunchGateWebhooks

/// An app's webhooks under the admin API, admin scope only (an endpoint receives the app's users'
/// addresses): the same ``WebhookService`` as `launchgate webhooks`.
struct WebhooksController<Context: RemoteAddressRequestContext> {
    let webhooks: WebhookService
    let authenticator: AdminAuthenticator

    struct Add: Decodable {
        let url: String
        let events: [String]?
    }

    struct Endpoint: Encodable {
        let id: String
        let url: String
        let events: [String]
        let dropped: Int
        let createdAt: Date
        /// Only in the answer to the POST that added it.
        let secret: String?

        init(_ record: WebhookEndpointRecord, secret: WebhookSecret? = nil) {
            id = record.id
            url = record.url
            events = record.events
            dropped = record.dropped
            createdAt = record.createdAt
            self.secret = secret?.text
        }
    }

    struct Delivery: Encodable {
        let id: String
        let endpointId: String
        let eventId: String
        let type: String
        let state: String
        let attempts: Int
        let lastStatus: Int?
        let lastError: String?
        let createdAt: Date
        let deliveredAt: Date?

        init(_ record: WebhookDeliveryRecord) {
            id = record.id
            endpointId = record.endpointID
            eventId = record.eventID
            type = record.type
            state = record.state.rawValue
            attempts = record.attempts
            lastStatus = record.lastStatus
            lastError = record.lastError
            createdAt = record.createdAt
            deliveredAt = record.deliveredAt
        }
    }

    /// The routes it answers, which the composition root adds to the router.
    var routes: RouteCollection<Context> {
        let router = RouteCollection(context: Context.self)
        let admin = router.group("/v1/admin/apps/:app/webhooks")
        admin.get { request, context in
            try await authenticator.authorize(request, context, .admin)
            return try RequestValues.json(try await webhooks.endpoints(appID: context.parameters.require("app")).map { Endpoint($0) })
        }
        admin.post { request, context in
            try await authenticator.authorize(request, context, .admin)
            let body = try await RequestValues.body(Add.self, from: request, context: context)
            let added = try await webhooks.add(appID: try context.parameters.require("app"), url: body.url, events: body.events ?? [])
            return try RequestValues.json(Endpoint(added.endpoint, secret: added.secret), status: .created)
        }
        admin.delete("/:id") { request, context in
            try await authenticator.authorize(request, context, .admin)
            try await webhooks.remove(appID: try context.parameters.require("app"), id: try context.parameters.require("id"))
            return Response(status: .noContent)
        }
        admin.post("/:id/test") { request, context in
            try await authenticator.authorize(request, context, .admin)
            guard let delivery = try await webhooks.test(appID: try context.parameters.require("app"), id: try context.parameters.require("id")) else {
                throw WebhookError.queueFull
            }
            return try RequestValues.json(Delivery(delivery), status: .accepted)
        }
        admin.get("/deliveries") { request, context in
            try await authenticator.authorize(request, context, .admin)
            let failed = request.uri.queryParameters.get("failed") == "true"
            return try RequestValues.json(try await webhooks.deliveries(appID: try context.parameters.require("app"), failedOnly: failed).map(Delivery.init))
        }
        admin.post("/deliveries/:delivery/redeliver") { request, context in
            try await authenticator.authorize(request, context, .admin)
            guard let delivery = try await webhooks.redeliver(appID: try context.parameters.require("app"),
                                                              deliveryID: try context.parameters.require("delivery")) else {
                throw WebhookError.queueFull
            }
            return try RequestValues.json(Delivery(delivery), status: .accepted)
        }
        return router
    }
}
