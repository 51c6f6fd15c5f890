import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import LaunchGateConsole
@testable import LaunchGateServer
@testable import LaunchGateStorage
@testable import LaunchGateWebhooks

@Suite("Console webhooks: endpoints added (the secret shown once), tested and removed, deliveries failures first and sent again, by admins only")
struct ConsoleWebhookTests {
    @Test("an admin adds an endpoint and sees its secret once, then only its prefix; test, remove and send again go through the service")
    func endpointsAndDeliveries() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await browser.get("/console/apps/notes/webhooks"))
                let added = try await browser.post("/console/apps/notes/webhooks",
                                                   [("csrf", csrf), ("url", "https://hooks.example.com/in"), ("events", "policy.published"), ("events", "user.created")])
                #expect(added.status == .ok)
                let endpoint = try #require(try await server.components.webhooks.endpoints(appID: "notes").first)
                #expect(endpoint.events == ["policy.published", "user.created"])
                let start = try #require(added.text.range(of: "whsec_"))
                let secret = String(added.text[start.lowerBound...].prefix { $0.isLetter || $0.isNumber || "+/=_".contains($0) })
                #expect(secret.count > 40)
                let page = try await browser.get("/console/apps/notes/webhooks")
                #expect(!page.text.contains(secret), "shown once")
                #expect(page.text.contains(String(secret.prefix(10)) + "…"), "then only its prefix")

                let tested = try await browser.post("/console/apps/notes/webhooks/test", [("csrf", csrf), ("id", endpoint.id)])
                #expect(tested.status == .seeOther)
                // Older than the test event: listed newest first, it would come after it.
                await server.components.webhooks.emit(.userCreated, appID: "notes", data: ["user": "u1"], occurredAt: Date().addingTimeInterval(-60))
                // One delivery fails for good with an answer that holds markup.
                let repository = server.components.webhooks.repository
                let claimed = try await repository.claimDue(at: Date().addingTimeInterval(60), lease: 60, limit: 10)
                let failing = try #require(claimed.first { $0.type == "user.created" })
                try await repository.finish(id: failing.id, attempt: failing.attempts, state: .failed, status: 500,
                                            error: "HTTP 500: <script>alert(1)</script>", at: Date())
                let listed = try await browser.get("/console/apps/notes/webhooks")
                #expect(listed.text.contains("HTTP 500: &lt;script&gt;alert(1)&lt;/script&gt;") && !listed.text.contains("<script>alert"))
                let failedRow = try #require(listed.text.range(of: failing.id)), testRow = try #require(listed.text.range(of: "webhook.test</td>"))
                #expect(failedRow.lowerBound < testRow.lowerBound, "failures first")

                let again = try await browser.post("/console/apps/notes/webhooks/redeliver", [("csrf", csrf), ("delivery", failing.id)])
                #expect(again.status == .seeOther)
                let deliveries = try await server.components.webhooks.deliveries(appID: "notes", failedOnly: false)
                #expect(deliveries.filter { $0.eventID == failing.eventID }.count == 2)
                let removed = try await browser.post("/console/apps/notes/webhooks/remove", [("csrf", csrf), ("id", endpoint.id)])
                #expect(removed.status == .seeOther)
                #expect(try await server.components.webhooks.endpoints(appID: "notes").isEmpty)
            }
        }
    }

    @Test("a failure older than the 100 newest deliveries is still listed, first, and once (review s14, K6)")
    func oldFailureStillListed() async throws {
        try await TestServer.with { server in
            let (webhooks, repository) = (server.components.webhooks, server.components.webhooks.repository)
            _ = try await webhooks.add(appID: "notes", url: "https://hooks.example.com/in", events: [])
            let start = Date().addingTimeInterval(-3600)
            await webhooks.emit(.userCreated, appID: "notes", data: ["user": "old"], occurredAt: start)
            let old = try #require(try await repository.claimDue(at: Date(), lease: 60, limit: 1).first)
            try await repository.finish(id: old.id, attempt: old.attempts, state: .failed, status: 500, error: "HTTP 500", at: start)
            // 100 newer deliveries, each delivered: the newest 100 no longer hold the failure.
            for n in 1...100 {
                await webhooks.emit(.userCreated, appID: "notes", data: ["user": "u\(n)"], occurredAt: start.addingTimeInterval(Double(n)))
                let sent = try #require(try await repository.claimDue(at: Date(), lease: 60, limit: 1).first)
                try await repository.finish(id: sent.id, attempt: sent.attempts, state: .delivered, status: 200, error: nil, at: Date())
            }
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                let page = try await browser.get("/console/apps/notes/webhooks").text
                let cell = #"<td data-label="Delivery"><code>"#
                let row = try #require(page.range(of: cell + old.id), "the old failure is listed")
                #expect(page.components(separatedBy: cell + old.id).count == 2, "once")
                #expect(page.components(separatedBy: cell).count - 1 == 101, "the failure and the newest 100")
                #expect(!page[..<row.lowerBound].contains(#"<td data-label="State">delivered"#), "before every delivered row")
            }
        }
    }

    @Test("a refused URL shows next to its field; a publish token can't see the page; a post without CSRF is refused")
    func refusals() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let admin = ConsoleBrowser(client)
                try await admin.signIn(server.adminToken)
                let csrf = ConsoleBrowser.csrf(in: try await admin.get("/console/apps/notes/webhooks"))
                let plain = try await admin.post("/console/apps/notes/webhooks", [("csrf", csrf), ("url", "http://hooks.example.com/in")])
                #expect(plain.status == .badRequest && plain.text.contains(#"id="webhook-url-error""#))
                #expect(try await admin.post("/console/apps/notes/webhooks", [("url", "https://hooks.example.com/in")]).status == .forbidden)
                let publisher = ConsoleBrowser(client)
                try await publisher.signIn(try await server.token(scope: .publish))
                #expect(try await publisher.get("/console/apps/notes/webhooks").status == .forbidden)
                #expect(try await server.components.webhooks.endpoints(appID: "notes").isEmpty)
            }
        }
    }
}
