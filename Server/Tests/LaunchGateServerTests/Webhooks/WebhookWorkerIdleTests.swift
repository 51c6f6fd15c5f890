import Foundation
import Testing
@testable import LaunchGateStorage
@testable import LaunchGateWebhooks

@Suite("An idle webhook worker asks the outbox once per poll, however many senders it has")
struct WebhookWorkerIdleTests {
    @Test("over an idle minute of 1 s polls, 4 senders make 61 claims (one at start, one per poll), and a new event still goes out")
    func oneClaimPerPoll() async throws {
        let fixture = try await CountingWebhookFixture()
        let (clock, repository, service) = (fixture.clock, fixture.repository, fixture.service)
        let sleeper = ManualSleeper()
        let transport = ScriptedWebhookTransport([.success(WebhookResponse(status: 204))])
        let worker = WebhookWorker(service: service, transport: transport, pollInterval: .seconds(1), deliveriesAtOnce: 4,
                                   sleep: { try await sleeper.sleep($0) })
        let running = Task { try await worker.run() }
        // The pruner's loop and the claim loop each sleep once they are idle.
        try await sleeper.waitForSleeps(2)
        for _ in 0..<60 { try await sleeper.advance(.seconds(1)) }
        #expect(repository.claims == 61)
        await service.emit(.policyPublished, appID: "notes", data: ["revision": 2], occurredAt: clock.now)
        try await sleeper.advance(.seconds(1))
        for _ in 0..<5000 where transport.sent.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
        #expect(transport.sent.count == 1)
        running.cancel()
        sleeper.finish()
        try await running.value
    }
}
