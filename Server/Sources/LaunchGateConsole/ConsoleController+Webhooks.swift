import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateHTTP
import LaunchGateStorage
import LaunchGateWebhooks

extension ConsoleController {
    /// The webhook routes: admin scope only, as the admin API's (an endpoint receives the app's
    /// users' addresses), and every form carries the session's CSRF token.
    func addWebhookRoutes(to console: RouterGroup<Context>) {
        console.get("/apps/:app/webhooks") { request, context in try await webhooksPage(request, context) }
        console.post("/apps/:app/webhooks") { request, context in try await addWebhook(request, context) }
        console.post("/apps/:app/webhooks/remove") { request, context in try await removeWebhook(request, context) }
        console.post("/apps/:app/webhooks/test") { request, context in try await testWebhook(request, context) }
        console.post("/apps/:app/webhooks/redeliver") { request, context in try await redeliverWebhook(request, context) }
    }

    /// The app's endpoints and its recent deliveries, failures first.
    func webhooksPage(_ request: Request, _ context: Context, added: WebhookService.Added? = nil, error: ConsoleFormError? = nil,
                      form: ConsoleForm? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let signed = try await session(request, .admin)
        let (app, webhooks) = (try await app(context), try requireWebhooks())
        let endpoints = try await webhooks.endpoints(appID: app.id).map { WebhooksView.Endpoint($0, secretPrefix: webhooks.secretPrefix(of: $0)) }
        // The newest failures are read on their own: under steady traffic a failure soon falls out
        // of the newest 100, and reordering those alone hid it (review s14, K6).
        let failed = try await webhooks.deliveries(appID: app.id, failedOnly: true, limit: 50)
        let recent = try await webhooks.deliveries(appID: app.id, failedOnly: false, limit: 100)
        let view = WebhooksView(app: app, endpoints: endpoints, failed: failed, recent: recent,
                                added: added.map { WebhooksView.Added(id: $0.endpoint.id, url: $0.endpoint.url, secret: $0.secret.text) },
                                notice: Self.webhookNotice(request), form: form, error: error)
        return renderer.page(.webhooks, ConsoleLayout(signed, title: "Webhooks · \(app.name)"), view, status: status)
    }

    /// Adds an endpoint; its secret is on the answer page only (never in a URL, and console pages
    /// are not cached), as the CLI prints it once.
    func addWebhook(_ request: Request, _ context: Context) async throws -> Response {
        let (_, form) = try await sessionAndForm(request, .admin)
        let app = try await app(context)
        do {
            let added = try await requireWebhooks().add(appID: app.id, url: form["url"] ?? "", events: form.all("events"))
            return try await webhooksPage(request, context, added: added)
        } catch let error as any LaunchGateFailure where [.invalidInput, .conflict].contains(error.kind) {
            return try await webhooksPage(request, context, error: ConsoleFormError(error), form: form, status: ErrorResponse.status(for: error.kind))
        }
    }

    /// Removes an endpoint; what it had pending is marked failed.
    func removeWebhook(_ request: Request, _ context: Context) async throws -> Response {
        let (app, id) = try await webhookForm(request, context, "id", "Choose the webhook to remove.")
        try await requireWebhooks().remove(appID: app, id: id)
        return ConsoleRenderer.redirect("/console/apps/\(app)/webhooks?removed=\(id)")
    }

    /// Queues a `webhook.test` event for an endpoint.
    func testWebhook(_ request: Request, _ context: Context) async throws -> Response {
        let (app, id) = try await webhookForm(request, context, "id", "Choose the webhook to test.")
        guard try await requireWebhooks().test(appID: app, id: id) != nil else { throw WebhookError.queueFull }
        return ConsoleRenderer.redirect("/console/apps/\(app)/webhooks?tested=\(id)")
    }

    /// Sends a delivery's event again, with the same `webhook-id`.
    func redeliverWebhook(_ request: Request, _ context: Context) async throws -> Response {
        let (app, id) = try await webhookForm(request, context, "delivery", "Choose the delivery to send again.")
        guard try await requireWebhooks().redeliver(appID: app, deliveryID: id) != nil else { throw WebhookError.queueFull }
        return ConsoleRenderer.redirect("/console/apps/\(app)/webhooks?redelivered=\(id)")
    }

    /// The app and the one ID an admin's form names, after its CSRF check.
    private func webhookForm(_ request: Request, _ context: Context, _ field: String, _ missing: String) async throws -> (app: String, id: String) {
        let (_, form) = try await sessionAndForm(request, .admin)
        let app = try await app(context)
        // IDs are a prefix and hex: anything else names nothing, and goes into no redirect.
        guard let id = form[field], id.utf8.count <= 64, id.utf8.allSatisfy({ $0 == 0x5F || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0) }) else {
            throw ConsoleError.incompleteForm(missing)
        }
        return (app.id, id)
    }

    private func requireWebhooks() throws -> WebhookService {
        guard let webhooks else { throw HTTPError(.notFound, message: "Webhooks are not set up on this server.") }
        return webhooks
    }

    /// What the last action did, from the redirect's query; only IDs of the expected shape are echoed.
    private static func webhookNotice(_ request: Request) -> String? {
        let query = request.uri.queryParameters
        let id = { (name: String) -> String? in
            guard let value = query.get(name), value.utf8.count <= 64, value.hasPrefix("wh") else { return nil }
            return String(value)
        }
        if let removed = id("removed") { return "Removed webhook \(removed); what it had waiting was marked failed." }
        if let tested = id("tested") { return "Queued a webhook.test event for \(tested); it appears below once the server sends it." }
        if let again = id("redelivered") { return "Queued delivery \(again)'s event again, with the same webhook-id." }
        return nil
    }
}
