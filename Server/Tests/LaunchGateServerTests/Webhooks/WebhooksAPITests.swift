import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("Admin API for webhooks: add (the secret once), list, test, deliveries, redeliver and remove, admin scope only")
struct WebhooksAPITests {
    @Test("an app that doesn't exist has no webhooks to list: its list routes answer 404 app-not-found, as adding to it does (attack s14, H4)")
    func unknownApp() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let admin = TestServer.bearer(server.adminToken)
                for path in ["/v1/admin/apps/nope/webhooks", "/v1/admin/apps/nope/webhooks/deliveries", "/v1/admin/apps/nope/webhooks/deliveries?failed=true"] {
                    let answer = try await client.execute(uri: path, method: .get, headers: admin)
                    #expect(answer.status == .notFound && answer.text.contains("app-not-found"), "\(path)")
                }
                #expect(try await client.execute(uri: "/v1/admin/apps/notes/webhooks", method: .get, headers: admin).status == .ok)
            }
        }
    }

    @Test("an admin manages an app's webhooks; the secret is only in the POST's answer; a private URL and a publish token are refused")
    func lifecycle() async throws {
        try await TestServer.with { server in
            try await server.application.test(.router) { client in
                let admin = TestServer.bearer(server.adminToken)
                let base = "/v1/admin/apps/notes/webhooks"
                let added = try await client.post(base, json: #"{"url":"https://hooks.example.com/in","events":["policy.published"]}"#, headers: admin)
                #expect(added.status == .created)
                let body = try added.json()
                let id = try #require(body["id"] as? String)
                #expect((body["secret"] as? String)?.hasPrefix("whsec_") == true)
                let list = try await client.execute(uri: base, method: .get, headers: admin)
                #expect(list.status == .ok && list.text.contains(id) && !list.text.contains("whsec_"))
                let private10 = try await client.post(base, json: #"{"url":"https://10.0.0.1/in"}"#, headers: admin)
                #expect(private10.status == .badRequest && private10.text.contains("invalid-webhook-url"))
                // A name the test server's scripted resolver (never DNS) gives a private address.
                let privateName = try await client.post(base, json: #"{"url":"https://internal.example.com/in"}"#, headers: admin)
                #expect(privateName.status == .badRequest && privateName.text.contains("10.0.0.5"))
                let unknown = try await client.post(base, json: #"{"url":"https://hooks.example.com/in","events":["nope"]}"#, headers: admin)
                #expect(unknown.status == .badRequest && unknown.text.contains("unknown-webhook-event"))
                let test = try await client.execute(uri: "\(base)/\(id)/test", method: .post, headers: admin)
                #expect(test.status == .accepted)
                let delivery = try #require(try test.json()["id"] as? String)
                let deliveries = try await client.execute(uri: "\(base)/deliveries", method: .get, headers: admin)
                #expect(deliveries.status == .ok && deliveries.text.contains(delivery) && deliveries.text.contains("webhook.test"))
                let again = try await client.execute(uri: "\(base)/deliveries/\(delivery)/redeliver", method: .post, headers: admin)
                let (resent, original) = (try again.json()["eventId"] as? String, try test.json()["eventId"] as? String)
                #expect(again.status == .accepted && resent != nil && resent == original)
                let publisher = TestServer.bearer(try await server.token(scope: .publish))
                #expect(try await client.execute(uri: base, method: .get, headers: publisher).status == .forbidden)
                #expect(try await client.execute(uri: "\(base)/\(id)", method: .delete, headers: admin).status == .noContent)
                let gone = try await client.execute(uri: "\(base)/\(id)", method: .delete, headers: admin)
                #expect(gone.status == .notFound && gone.text.contains("webhook-not-found"))
            }
        }
    }
}
