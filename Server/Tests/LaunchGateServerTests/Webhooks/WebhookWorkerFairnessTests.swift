import Foundation
import Logging
import Testing
@testable import LaunchGateStorage
@testable import LaunchGateWebhooks

@Suite("A stalled webhook endpoint holds up only itself (attack s14, H2)")
struct WebhookWorkerFairnessTests {
    @Test("with three endpoints stalled, a healthy one's 30 deliveries all go out, and no endpoint ever has two under way")
    func stalledEndpoints() async throws {
        let clock = WebhookTestClock()
        let apps = MemoryRepository()
        try await apps.createApp(Samples.app("notes"))
        let key = try MasterKey(rawRepresentation: Data(repeating: 7, count: 32))
        let service = WebhookService(repository: MemoryWebhookRepository(), apps: apps, masterKey: { key }, now: { clock.now },
                                     policy: WebhookAddressPolicy(resolver: ScriptedResolver([:])), logger: Logger(label: "test"))
        for path in ["/ok", "/stall1", "/stall2", "/stall3"] {
            _ = try await service.add(appID: "notes", url: "https://hooks.example.com\(path)", events: [])
        }
        for revision in 1...30 { await service.emit(.policyPublished, appID: "notes", data: ["revision": revision], occurredAt: clock.now) }
        let transport = StallingWebhookTransport()
        let worker = WebhookWorker(service: service, transport: transport, deliveriesAtOnce: 4)
        let sending = Task { try await worker.deliverDue() }
        // Until every healthy delivery went out, or every sender is held by a stalled endpoint and
        // none can go on (what a claim that ignores endpoints comes to); the minute is only a backstop.
        var waited = 0
        while transport.answered("/ok") < 30 && transport.stalled < 4 && waited < 6000 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        #expect(transport.answered("/ok") == 30)
        #expect(transport.stalled == 3 && transport.mostAtOnceToOneURL == 1)
        transport.release()
        // Each stalled endpoint's deliveries are each tried once, then wait for their retry on the test clock.
        #expect(try await sending.value == 4 * 30)
        let waiting = try await service.deliveries(appID: "notes", failedOnly: false, limit: 1000).filter { $0.state == .pending }
        #expect(waiting.count == 90 && waiting.allSatisfy { $0.attempts == 1 && $0.nextAttemptAt > clock.now })
    }
}
