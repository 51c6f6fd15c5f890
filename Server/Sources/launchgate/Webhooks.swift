import ArgumentParser
import Foundation
import LaunchGateServer
import LaunchGateStorage
import LaunchGateWebhooks

/// `launchgate webhooks add|list|remove|test|deliveries|redeliver`: an app's signed webhooks.
struct Webhooks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage an app's webhooks: signed POSTs to your endpoints when policies, users or mail change (docs/webhooks.md).",
        subcommands: [Add.self, List.self, Remove.self, Test.self, Deliveries.self, Redeliver.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an endpoint; prints its signing secret, once.")
        @Argument(help: "The app.") var app: String
        @Argument(help: "The endpoint's https URL.") var url: String
        @Option(help: "Comma-separated event types it receives (default: all): \(Webhooks.eventNames).") var events: String?
        @Flag(help: "Accept a loopback or private address and plain http, as serve --webhook-allow-private sends to. Env: LAUNCHGATE_WEBHOOK_ALLOW_PRIVATE=1.")
        var webhookAllowPrivate = false
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            let allow = try webhookAllowPrivate || EnvironmentOption.switchValue("LAUNCHGATE_WEBHOOK_ALLOW_PRIVATE") == true
            try await database.withComponents(webhookAllowPrivate: allow) { components in
                let names = (events ?? "").split(separator: ",").map(String.init)
                let added = try await components.webhooks.add(appID: app, url: url, events: names)
                print("added \(added.endpoint.id) for \(app): \(added.endpoint.url)")
                print("events: \(added.endpoint.events.isEmpty ? "all" : added.endpoint.events.joined(separator: ","))")
                print("secret (shown once; verify deliveries with it): \(added.secret.text)")
            }
        }
    }

    struct List: ComponentsCommand {
        static let configuration = CommandConfiguration(abstract: "List an app's endpoints.")
        @Argument(help: "The app.") var app: String
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var listing: ListingOptions

        func run(with components: ServerComponents) async throws {
            var table = Listing("ID", "URL", "Events", "Dropped", "Added")
            for endpoint in try await components.webhooks.endpoints(appID: app) {
                table.append(endpoint.id, endpoint.url, endpoint.events.isEmpty ? "all" : endpoint.events.joined(separator: ","),
                             String(endpoint.dropped), ISO8601DateFormatter().string(from: endpoint.createdAt))
            }
            table.print(listing.format, empty: "no webhooks; add one with 'launchgate webhooks add \(app) https://…'")
        }
    }

    struct Remove: ComponentsCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an endpoint; what it had pending is marked failed.")
        @Argument(help: "The app.") var app: String
        @Argument(help: "The endpoint's ID (whe_…).") var id: String
        @OptionGroup var database: DatabaseOptions

        func run(with components: ServerComponents) async throws {
            try await components.webhooks.remove(appID: app, id: id)
            print("removed \(id)")
        }
    }

    struct Test: ComponentsCommand {
        static let configuration = CommandConfiguration(abstract: "Queue a webhook.test event for an endpoint; a running server sends it.")
        @Argument(help: "The app.") var app: String
        @Argument(help: "The endpoint's ID (whe_…).") var id: String
        @OptionGroup var database: DatabaseOptions

        func run(with components: ServerComponents) async throws {
            let delivery = try Webhooks.queued(try await components.webhooks.test(appID: app, id: id), components)
            print("queued \(delivery.id) (webhook-id \(delivery.eventID)); see 'launchgate webhooks deliveries \(app)'")
        }
    }

    struct Deliveries: ComponentsCommand {
        static let configuration = CommandConfiguration(abstract: "List an app's deliveries, newest first.")
        @Argument(help: "The app.") var app: String
        @Flag(help: "Only those that failed for good.") var failed = false
        @Option(help: "How many (default 50, at most 1000).") var limit = 50
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var listing: ListingOptions

        func run(with components: ServerComponents) async throws {
            var table = Listing("ID", "Endpoint", "Event", "Type", "State", "Attempts", "Status", "Error", "Queued")
            for delivery in try await components.webhooks.deliveries(appID: app, failedOnly: failed, limit: limit) {
                table.append(delivery.id, delivery.endpointID, delivery.eventID, delivery.type, delivery.state.rawValue, String(delivery.attempts),
                             delivery.lastStatus.map(String.init) ?? "", TerminalText.printable((delivery.lastError ?? "").prefix(120)),
                             ISO8601DateFormatter().string(from: delivery.createdAt))
            }
            table.print(listing.format, empty: failed ? "no failed deliveries" : "no deliveries")
        }
    }

    struct Redeliver: ComponentsCommand {
        static let configuration = CommandConfiguration(abstract: "Send a delivery's event again, with the same webhook-id.")
        @Argument(help: "The app.") var app: String
        @Argument(help: "The delivery's ID (whd_…).") var delivery: String
        @OptionGroup var database: DatabaseOptions

        func run(with components: ServerComponents) async throws {
            let queued = try Webhooks.queued(try await components.webhooks.redeliver(appID: app, deliveryID: delivery), components)
            print("queued \(queued.id) (webhook-id \(queued.eventID))")
        }
    }

    /// The delivery queued, or the error to print when the endpoint's queue was full.
    static func queued(_ delivery: WebhookDeliveryRecord?, _ components: ServerComponents) throws -> WebhookDeliveryRecord {
        guard let delivery else {
            throw ValidationError("the endpoint already has \(components.webhooks.limits.pendingPerEndpoint) deliveries waiting; nothing was queued")
        }
        return delivery
    }

    static let eventNames = WebhookEventType.allCases.filter { $0 != .test }.map(\.rawValue).joined(separator: ", ")
}
