import Foundation
import InMemoryTracing
import Logging
import Testing
import Tracing
@testable import LaunchGateStorage
@testable import LaunchGateWebhooks

/// Each webhook attempt has a `webhook.deliver` span: the event's type, the endpoint, the attempt
/// and the endpoint's status, and a failed attempt's error. Spans are told apart from other
/// suites' by their trace (``TestTracing``).
@Suite("Each webhook delivery attempt has a span with its event type, endpoint, attempt and status; failures are recorded")
struct WebhookSpanTests {
    @Test("a delivered attempt's span names the event type, the endpoint, the attempt and the 2xx status, and is not failed")
    func deliveredSpan() async throws {
        let (service, worker, endpoint) = try await Self.fixture([.success(WebhookResponse(status: 204))])
        let trace = try await TestTracing.traced { _ in
            await service.emit(.policyPublished, appID: "notes", data: ["revision": 3], occurredAt: Samples.now)
            let claimed = try await worker.deliverDue()
            #expect(claimed == 1)
        }
        let span = try #require(trace.first { $0.operationName == "webhook.deliver" })
        #expect(span.kind == .client)
        #expect(span.attributes["launchgate.webhook.event_type"]?.toSpanAttribute() == "policy.published")
        #expect(span.attributes["launchgate.webhook.endpoint"]?.toSpanAttribute() == .string(endpoint))
        #expect(span.attributes["launchgate.webhook.attempt"]?.toSpanAttribute() == 1)
        #expect(span.attributes["http.response.status_code"]?.toSpanAttribute() == 204)
        #expect(span.status?.code != .error && span.errors.isEmpty)
    }

    @Test("an attempt answered 500 is a failed span with its status; one that got no answer records the error")
    func failedSpans() async throws {
        let (service, worker, _) = try await Self.fixture([.success(WebhookResponse(status: 500, body: "down")),
                                                           .failure(.refusedAddress(host: "hooks.example.com", address: "10.0.0.1"))])
        let trace = try await TestTracing.traced { _ in
            await service.emit(.userCreated, appID: "notes", data: ["user": "u1"], occurredAt: Samples.now)
            await service.emit(.userDeleted, appID: "notes", data: ["user": "u1"], occurredAt: Samples.now)
            let claimed = try await worker.deliverDue()
            #expect(claimed == 2)
        }
        let spans = trace.filter { $0.operationName == "webhook.deliver" }
        #expect(spans.count == 2 && spans.allSatisfy { $0.status?.code == .error })
        let answered = try #require(spans.first { $0.attributes["http.response.status_code"] != nil })
        #expect(answered.attributes["http.response.status_code"]?.toSpanAttribute() == 500 && answered.errors.isEmpty)
        let refused = try #require(spans.first { $0.attributes["http.response.status_code"] == nil })
        #expect(refused.errors.count == 1 && "\(refused.errors[0].error)".contains("10.0.0.1"))
    }

    private static func fixture(_ answers: [Result<WebhookResponse, WebhookError>]) async throws -> (WebhookService, WebhookWorker, String) {
        let apps = MemoryRepository()
        try await apps.createApp(Samples.app("notes"))
        let key = try MasterKey(rawRepresentation: Data(repeating: 7, count: 32))
        let service = WebhookService(repository: MemoryWebhookRepository(), apps: apps, masterKey: { key }, now: { Samples.now },
                                     policy: WebhookAddressPolicy(resolver: ScriptedResolver(["hooks.example.com": ["93.184.216.34"]])),
                                     logger: Logger(label: "test"))
        let added = try await service.add(appID: "notes", url: "https://hooks.example.com/in", events: [])
        // One at a time, so the script's answers go to the deliveries in order.
        return (service, WebhookWorker(service: service, transport: ScriptedWebhookTransport(answers), deliveriesAtOnce: 1), added.endpoint.id)
    }
}
