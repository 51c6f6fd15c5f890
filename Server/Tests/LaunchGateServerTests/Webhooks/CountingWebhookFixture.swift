import Foundation
import Logging
@testable import LaunchGateStorage
@testable import LaunchGateWebhooks

/// An app with one endpoint, `https://hooks.example.com/in` (resolved by script), whose outbox
/// counts the worker's claims: what the worker tests that count claims start from.
struct CountingWebhookFixture {
    let clock = WebhookTestClock()
    let repository = CountingWebhookRepository(MemoryWebhookRepository())
    let service: WebhookService

    /// Creates the app `notes` and its endpoint.
    init() async throws {
        let apps = MemoryRepository()
        try await apps.createApp(Samples.app("notes"))
        let key = try MasterKey(rawRepresentation: Data(repeating: 7, count: 32))
        let clock = clock
        service = WebhookService(repository: repository, apps: apps, masterKey: { key }, now: { clock.now },
                                 policy: WebhookAddressPolicy(resolver: ScriptedResolver(["hooks.example.com": ["93.184.216.34"]])),
                                 logger: Logger(label: "test"))
        _ = try await service.add(appID: "notes", url: "https://hooks.example.com/in", events: [])
    }
}
