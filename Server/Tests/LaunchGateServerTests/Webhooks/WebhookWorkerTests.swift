import Foundation
import Logging
import Synchronization
import Testing
@testable import LaunchGateStorage
@testable import LaunchGateWebhooks

@Suite("The webhook worker signs each delivery with its endpoint's secret, records 2xx as delivered and retries the rest on schedule")
struct WebhookWorkerTests {
    private let clock = WebhookTestClock()

    private func fixture(_ answers: [Result<WebhookResponse, WebhookError>]) async throws
        -> (WebhookService, WebhookWorker, ScriptedWebhookTransport, WebhookService.Added) {
        let apps = MemoryRepository()
        try await apps.createApp(Samples.app("notes"))
        let key = try MasterKey(rawRepresentation: Data(repeating: 7, count: 32))
        let service = WebhookService(repository: MemoryWebhookRepository(), apps: apps, masterKey: { key }, random: SystemRandomSource(),
                                     now: { [clock] in clock.now },
                                     policy: WebhookAddressPolicy(resolver: ScriptedResolver(["hooks.example.com": ["93.184.216.34"]])),
                                     logger: Logger(label: "test"))
        let added = try await service.add(appID: "notes", url: "https://hooks.example.com/in", events: [])
        let transport = ScriptedWebhookTransport(answers)
        return (service, WebhookWorker(service: service, transport: transport), transport, added)
    }

    private func advance(_ seconds: TimeInterval) { clock.advance(seconds) }

    @Test("a delivery carries the event's body and a signature the endpoint's secret verifies; 2xx marks it delivered")
    func delivered() async throws {
        let (service, worker, transport, added) = try await fixture([.success(WebhookResponse(status: 204))])
        await service.emit(.policyPublished, appID: "notes", data: ["revision": 3], occurredAt: Samples.now)
        #expect(try await worker.deliverDue() == 1)
        let sent = try #require(transport.sent.first)
        let headers = Dictionary(uniqueKeysWithValues: sent.headers.map { ($0.name, $0.value) })
        let signature = try #require(WebhookSignature(headers: { headers[$0] }))
        #expect(signature.verifies(body: sent.body, secret: added.secret, now: Samples.now))
        #expect(String(decoding: sent.body, as: UTF8.self) == #"{"data":{"revision":3},"timestamp":"2027-01-15T08:00:00Z","type":"policy.published"}"#)
        let delivery = try #require(try await service.deliveries(appID: "notes", failedOnly: false).first)
        #expect(delivery.state == .delivered && delivery.lastStatus == 204 && delivery.eventID == signature.id)
    }

    @Test("a non-2xx answer or a refused address is retried after the scheduled wait, and fails for good after the last")
    func retries() async throws {
        let answers: [Result<WebhookResponse, WebhookError>] = Array(repeating: .success(WebhookResponse(status: 500, body: "down")), count: 8)
            + [.failure(.refusedAddress(host: "hooks.example.com", address: "10.0.0.1"))]
        let (service, worker, transport, _) = try await fixture(answers)
        await service.emit(.userCreated, appID: "notes", data: ["user": "u1"], occurredAt: Samples.now)
        #expect(try await worker.deliverDue() == 1)
        for delay in WebhookRetries.delays {
            advance(delay - 1)
            #expect(try await worker.deliverDue() == 0, "not before the wait")
            advance(1)
            #expect(try await worker.deliverDue() == 1)
        }
        #expect(transport.sent.count == 9)
        let delivery = try #require(try await service.deliveries(appID: "notes", failedOnly: true).first)
        #expect(delivery.attempts == 9 && delivery.lastStatus == 500 && delivery.lastError?.contains("10.0.0.1") == true)
        #expect(WebhookRetries.delays.reduce(0, +) > 20 * 3600 && WebhookRetries.delays.reduce(0, +) < 26 * 3600, "about a day")
    }

    @Test("a redelivery sends the same webhook-id again, and a test event reaches an endpoint whatever its filter")
    func redeliverAndTest() async throws {
        let (service, worker, transport, added) = try await fixture([.success(WebhookResponse(status: 200)), .success(WebhookResponse(status: 200)),
                                                                     .success(WebhookResponse(status: 200))])
        await service.emit(.mailFailed, appID: "notes", data: ["email": "a@example.com"], occurredAt: Samples.now)
        try await worker.deliverDue()
        let first = try #require(try await service.deliveries(appID: "notes", failedOnly: false).first)
        _ = try #require(try await service.redeliver(appID: "notes", deliveryID: first.id))
        _ = try #require(try await service.test(appID: "notes", id: added.endpoint.id))
        advance(1)
        #expect(try await worker.deliverDue() == 2)
        let ids = transport.sent.map { $0.headers.first { $0.name == "webhook-id" }!.value }
        #expect(ids.count == 3 && ids[0] == first.eventID && ids.filter { $0 == first.eventID }.count == 2)
    }

    @Test("an event whose body is over the limit is not queued")
    func payloadLimit() async throws {
        let (service, _, _, _) = try await fixture([])
        #expect(throws: WebhookError.self) {
            try service.makeEvent(.policyPublished, appID: "notes", data: ["note": String(repeating: "x", count: 70_000)], occurredAt: Samples.now)
        }
    }
}

/// Answers from a script and records what was posted.
final class ScriptedWebhookTransport: WebhookTransport {
    struct Sent: Sendable {
        let url: URL
        let headers: [(name: String, value: String)]
        let body: Data
    }

    private let state: Mutex<(answers: [Result<WebhookResponse, WebhookError>], sent: [Sent])>

    init(_ answers: [Result<WebhookResponse, WebhookError>]) { state = Mutex((answers, [])) }

    var sent: [Sent] { state.withLock { $0.sent } }

    func post(to url: URL, headers: [(name: String, value: String)], body: Data) async throws -> WebhookResponse {
        let answer = state.withLock { state -> Result<WebhookResponse, WebhookError> in
            state.sent.append(Sent(url: url, headers: headers, body: body))
            return state.answers.isEmpty ? .success(WebhookResponse(status: 599)) : state.answers.removeFirst()
        }
        return try answer.get()
    }
}

/// A clock tests move by hand.
final class WebhookTestClock: Sendable {
    private let time = Mutex(Samples.now)
    var now: Date { time.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
