import Foundation
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import LaunchGate
import Logging
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("A held answer is heard: a warning once per held version and a gauge an alert can watch (attack s15, 3)")
struct AppStoreHeldAnswerTests {
    typealias Fixture = AppStorePollerTests.Fixture

    @Test("a held answer logs one warning with app, platform, storefront, version and trusted, and sets launchgate_appstore_held_answers; 0 once accepted")
    func heldIsHeard() async throws {
        // /metrics reads the process's registry, which a server bootstraps; an app of its own, as the registry is shared.
        let server = try await TestServer.make()
        let log = InMemoryLogHandler()
        let fixture = await Fixture(storefronts: ["us", "fr"], app: "held-heard", logger: Logger(label: "launchgate.appstore") { _ in log })
        func held() async throws -> Double? {
            try await server.application.test(.router) { client in
                let metrics = try await client.execute(uri: "/metrics", method: .get, headers: TestServer.bearer(server.adminToken)).text
                let line = metrics.split(separator: "\n").first { $0.hasPrefix("launchgate_appstore_held_answers{") && $0.contains(#"app="held-heard""#) }
                return line.flatMap { Double($0.split(separator: " ").last ?? "") }
            }
        }
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.4.1"))
        await fixture.transport.set("fr", FakeAppStoreTransport.lookup(version: "2.4.1"))
        _ = try await fixture.poll()
        #expect(try await held() == 0, "a series from the first poll, 0 when none")
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "10.0.0"))
        await fixture.transport.set("fr", FakeAppStoreTransport.lookup(version: "10.0.0"))
        for _ in 0..<3 { #expect(try await fixture.poll() == .unchanged) }
        let warnings = log.entries.filter { $0.level == .warning }
        #expect(warnings.count == 2, "one per storefront and held version, not one per poll: \(warnings)")
        let us = try #require(warnings.first { $0.metadata["storefront"] == "us" })
        #expect(us.metadata["app"] == "held-heard" && us.metadata["platform"] == "ios" && us.metadata["version"] == "10.0.0"
                && us.metadata["trusted"] == "2.4.1", "\(us.metadata)")
        #expect(try await held() == 2)
        guard case .published = try await fixture.poll(reset: true) else { Issue.record("expected the reset to publish"); return }
        #expect(try await held() == 0)
    }
}
