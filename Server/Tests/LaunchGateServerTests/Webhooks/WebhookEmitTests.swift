import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateServer
@testable import LaunchGateStorage
@testable import LaunchGateWebhooks

@Suite("Publishes, rollbacks and the guard's refusals are queued for an app's webhooks")
struct WebhookEmitTests {
    private func raised(_ version: AppVersion) -> UpdatePolicy {
        var policy = Samples.policy(required: version)
        policy.platforms[.ios]?.recommended = VersionRequirement(version: version)
        return policy
    }

    @Test("a refused publish queues publish.refused, a publish policy.published, a rollback policy.rolled_back", arguments: TestBackend.available)
    func policyEvents(_ backend: TestBackend) async throws {
        let server = try await AdoptionFixture.server(backend)
        let components = server.components
        _ = try await components.webhooks.add(appID: "notes", url: "https://hooks.example.com/in", events: [])
        let first = try await components.adoption.publish(Samples.policy(), app: "notes", channel: .production, author: "ada", confirmed: true).0
        await #expect(throws: AdoptionError.self) {
            _ = try await components.adoption.publish(raised("2.4.0"), app: "notes", channel: .production, author: "ada", confirmed: false)
        }
        _ = try await components.adoption.publish(raised("2.4.0"), app: "notes", channel: .production, author: "ada", confirmed: true)
        let back = try await components.adoption.rollback(app: "notes", channel: .production, to: first.number, author: "bo", confirmed: true).0
        // The clock stands still, so the order is by ID: find each by type.
        let queued = try await components.webhooks.deliveries(appID: "notes", failedOnly: false)
        #expect(queued.map(\.type).sorted() == ["policy.published", "policy.published", "policy.rolled_back", "publish.refused"])
        let payload = { (type: String) in queued.first { $0.type == type }.map { Data($0.payload.utf8) } ?? Data() }
        let refused = try JSONSerialization.jsonObject(with: payload("publish.refused")) as? [String: Any]
        #expect((refused?["data"] as? [String: Any])?["reason"] as? String == "confirmation-required")
        let rolledBack = try JSONSerialization.jsonObject(with: payload("policy.rolled_back")) as? [String: Any]
        let data = rolledBack?["data"] as? [String: Any]
        #expect(data?["rolled_back_to"] as? Int == first.number && data?["revision"] as? Int == back.number && data?["author"] as? String == "bo")
        #expect(Set(queued.map(\.eventID)).count == 4, "each event its own webhook-id")
        await server.close()
    }
}
