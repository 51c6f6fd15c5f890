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

    @Test("a held answer logs one warning with app, platform, storefront, version and the version measured from, and sets launchgate_appstore_held_answers; 0 once accepted")
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
                && us.metadata["measured_from"] == "2.4.1", "\(us.metadata)")
        #expect(try await held() == 2)
        guard case .published = try await fixture.poll(reset: true) else { Issue.record("expected the reset to publish"); return }
        #expect(try await held() == 0)
    }

    /// `app`'s `launchgate_appstore_held_answers` on the server's /metrics.
    private func held(_ server: TestServer, app: String) async throws -> Double? {
        try await server.application.test(.router) { client in
            let metrics = try await client.execute(uri: "/metrics", method: .get, headers: TestServer.bearer(server.adminToken)).text
            let line = metrics.split(separator: "\n").first { $0.hasPrefix("launchgate_appstore_held_answers{") && $0.contains(#"app="\#(app)""#) }
            return line.flatMap { Double($0.split(separator: " ").last ?? "") }
        }
    }

    @Test("a CDN flapping between the old version and a held one logs one warning and keeps the gauge up: a held answer stays until one at or above it is taken (review s15b, N4)")
    func flappingHeldAnswer() async throws {
        let server = try await TestServer.make()
        let log = InMemoryLogHandler()
        let fixture = await Fixture(storefronts: ["us"], app: "held-flapping", logger: Logger(label: "launchgate.appstore") { _ in log })
        for version in ["2.4.1", "10.0.0", "2.4.1", "10.0.0", "2.4.1"] {
            await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: version))
            _ = try await fixture.poll()
        }
        #expect(log.entries.filter { $0.level == .warning }.count == 1, "\(log.entries)")
        #expect(try await held(server, app: "held-flapping") == 1, "still held after the old version's answer")
        #expect(await fixture.status()?.ignoredAnswers.waiting.first?.hasPrefix("us: 10.0.0 is held") == true)
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "10.0.0"))
        guard case .published = try await fixture.poll(reset: true) else { Issue.record("expected the reset to publish"); return }
        #expect(try await held(server, app: "held-flapping") == 0)
        #expect(await fixture.status()?.ignoredAnswers == [])
    }

    @Test("the held gauge counts storefronts, as the docs say: us holding 8.0.0 and 13.0.0 is 1, not 2 (attack s15b, 5)")
    func heldGaugeCountsStorefronts() async throws {
        let server = try await TestServer.make()
        let fixture = await Fixture(storefronts: ["us"], app: "held-storefronts")
        for version in ["2.4.1", "8.0.0", "13.0.0"] {
            await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: version))
            _ = try await fixture.poll()
        }
        #expect(await fixture.status()?.ignoredAnswers.waiting.count == 2, "both listed")
        #expect(try await held(server, app: "held-storefronts") == 1)
    }

    @Test("the held gauge is 0 after an unlink, and a poll that raced the unlink (recording nothing) doesn't set it again (review s15b, N3)")
    func heldGaugeAfterUnlink() async throws {
        let server = try await TestServer.make()
        let fixture = await Fixture(storefronts: ["us", "jp"], app: "held-unlinked")
        let service = AppStoreLinkService(links: fixture.links, policies: server.components.policies, publisher: fixture.publisher)
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0"))
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.5.0"))
        _ = try await fixture.poll()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "12.0.0"))
        _ = try await fixture.poll()
        #expect(try await held(server, app: "held-unlinked") == 1)
        // us still held, jp's new version to publish: the poll loses its publish to an unlink that withdraws the storefronts, and records nothing.
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.6.0"))
        await fixture.publisher.raceNext { _ = try? await service.unlink(app: "held-unlinked", platform: .ios) }
        #expect(try await fixture.poll() == .raced)
        #expect(await fixture.status() == nil, "unlinked")
        #expect(try await held(server, app: "held-unlinked") == 0)
    }
}
