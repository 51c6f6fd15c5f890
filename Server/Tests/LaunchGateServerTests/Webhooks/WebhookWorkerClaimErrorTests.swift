import Foundation
import Synchronization
import Testing
@testable import LaunchGateStorage
@testable import LaunchGateWebhooks

@Suite("A webhook worker that can't claim lets the sends under way finish")
struct WebhookWorkerClaimErrorTests {
    @Test("deliverDue, on a claim error, throws only once the send under way is done: it is delivered, not cancelled into a retry (review s15, M13)")
    func claimErrorWaitsForSends() async throws {
        let fixture = try await CountingWebhookFixture()
        let (clock, repository, service) = (fixture.clock, fixture.repository, fixture.service)
        await service.emit(.policyPublished, appID: "notes", data: ["revision": 2], occurredAt: clock.now)
        repository.failClaims(after: 1)
        let transport = GatedWebhookTransport()
        let worker = WebhookWorker(service: service, transport: transport, pollInterval: .seconds(1), deliveriesAtOnce: 4, sleep: { _ in })
        let delivering = Task { try await worker.deliverDue() }
        for _ in 0..<5000 where repository.claims < 2 || !transport.started { try await Task.sleep(for: .milliseconds(1)) }
        transport.open()
        await #expect(throws: StorageError.self) { try await delivering.value }
        let delivery = try #require(try await repository.deliveries(appID: "notes", failedOnly: false, limit: 10).first)
        #expect(delivery.state == .delivered && delivery.attempts == 1, "\(delivery.state), attempt \(delivery.attempts)")
    }
}

/// A transport whose posts wait, cancellably, until ``open()``, then answer 204.
private final class GatedWebhookTransport: WebhookTransport {
    private let state = Mutex((started: false, open: false))

    /// Whether a post has started.
    var started: Bool { state.withLock { $0.started } }

    /// Lets the posts through.
    func open() { state.withLock { $0.open = true } }

    func post(to url: URL, headers: [(name: String, value: String)], body: Data) async throws -> WebhookResponse {
        state.withLock { $0.started = true }
        while !state.withLock({ $0.open }) { try await Task.sleep(for: .milliseconds(1)) }
        return WebhookResponse(status: 204)
    }
}
