import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(LaunchGateServer) import LaunchGate
import LaunchGateTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("End to end: the prompts an app shows reach the admin funnel through the SDK's own beacon, under the policy's channel")
struct FunnelEndToEndTests {
    private let app = AppInfo(version: "1.9.0", build: BuildNumber(190), platform: .ios, osVersion: "17.4")

    /// The SDK's own URLSession transport, passed through, noting each ping's status once its answer
    /// is in: the monitor sends the beacon in a detached task, and the test must know it is done.
    private final class PingWatcher: HTTPTransport, @unchecked Sendable {
        private let inner = URLSessionTransport()
        private let lock = NSLock()
        private var statuses: [Int] = []

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            let response = try await inner.send(request)
            if request.url.path.hasSuffix("/installs/ping") { lock.withLock { statuses.append(response.status) } }
            return response
        }

        /// The statuses of the pings answered so far, once there are `count` of them (or after 15 s).
        func pings(_ count: Int) async throws -> [Int] {
            let deadline = ContinuousClock.now + .seconds(15)
            while lock.withLock({ statuses.count }) < count && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
            return lock.withLock { statuses }
        }
    }

    /// A launch as an app makes it: the monitor checks against the live server and starts its
    /// beacon; then, when `tap`, the screen is shown and Update Now tapped.
    /// - Returns: The screen shown, and whether the tap opened the store.
    @MainActor
    private func launch(_ url: URL, key: PolicyPublicKey, store: InMemoryKeyValueStore, clock: TestClock, transport: PingWatcher,
                        tap: Bool) async -> (screen: ScreenKind?, opened: Bool) {
        let monitor = UpdateMonitor(configuration: .init(source: PolicySource(url: url, publicKeys: [key]),
                                                         launchMode: .blocking(timeout: .seconds(30)), fetchTimeout: .seconds(30)),
                                    app: app, store: store, transport: transport, opener: RecordingURLOpener(), now: clock.now)
        await monitor.start()
        guard tap else { return (nil, false) }
        // The beacon leaves first: the prompt is counted when the screen is shown, after the launch check.
        _ = try? await transport.pings(1)
        let screen = monitor.state.screen?.kind
        return (screen, await monitor.openUpdate())
    }

    // MARK: Tests

    @Test("a beta install's required screen and Update Now tap are sent the next day and reported as beta's revision", arguments: TestBackend.available)
    func betaPrompt(backend: TestBackend) async throws {
        let clock = TestClock(Date())
        try await TestServer.with(backend, now: clock.now) { server in
            // Beta's revision 1 while production is at 2: the same number must not mix, nor a beta 2 be made up.
            _ = try await server.components.policies.publish(Samples.policy(), app: "notes", channel: .production, author: "t")
            _ = try await server.components.policies.publish(Samples.policy(), app: "notes", channel: .beta, author: "t")
            let key = try #require(try await server.components.signingKeys.activePublicKey())
            try await server.application.test(.live) { client in
                let url = URL(string: "http://127.0.0.1:\(try #require(client.port))/v1/apps/notes/policy?platform=ios&channel=beta")!
                let store = InMemoryKeyValueStore()
                let transport = PingWatcher()
                // Day 1: the ping goes out with nothing to report; then the screen shows and the tap happens.
                let first = await launch(url, key: key, store: store, clock: clock, transport: transport, tap: true)
                #expect(try await transport.pings(1) == [204])
                #expect(first.screen == .updateRequired && first.opened)
                let pending = try #require(PromptFunnel(store: store).pending())
                #expect(pending.revisions.map { "\($0.channel) r\($0.revision)" } == ["beta r1"])
                // Day 2: the next launch's beacon carries yesterday's counts, and only an accepted one clears them.
                clock.advance(by: InstallBeacon.interval + 60)
                _ = await launch(url, key: key, store: store, clock: clock, transport: transport, tap: false)
                #expect(try await transport.pings(2) == [204, 204])
                #expect(PromptFunnel(store: store).pending() == nil)
                // The server's own recorder folds every 2 s too and may have taken the ping first,
                // its write still under way when this fold returns: read until it lands.
                var revisions: [[String: Any]] = []
                let deadline = ContinuousClock.now + .seconds(15)
                repeat {
                    await server.components.funnelRecorder.fold()
                    let read = try await client.execute(uri: "/v1/admin/apps/notes/funnel?channel=beta", method: .get,
                                                        headers: TestServer.bearer(server.adminToken))
                    revisions = try read.json()["revisions"] as? [[String: Any]] ?? []
                    if revisions.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
                } while revisions.isEmpty && ContinuousClock.now < deadline
                #expect(revisions.map { "\($0["channel"] ?? "") r\($0["revision"] ?? "") \($0["platform"] ?? "")" } == ["beta r1 ios"])
                let totals = try #require(revisions.first?["totals"] as? [String: Any])
                #expect(totals["required"] as? Int == 1 && totals["update"] as? Int == 1 && totals["channel"] as? String == "beta")
                let production = try await client.execute(uri: "/v1/admin/apps/notes/funnel?channel=production", method: .get,
                                                          headers: TestServer.bearer(server.adminToken))
                #expect((try production.json()["revisions"] as? [[String: Any]])?.isEmpty == true)
            }
        }
    }

    @Test("a count the server refuses for good (an older SDK's beta count, stored without a channel) is dropped, and the ping is accepted bare",
          arguments: TestBackend.available)
    func staleCountDropped(backend: TestBackend) async throws {
        try await TestServer.with(backend, now: { Date() }) { server in
            _ = try await server.components.policies.publish(Samples.policy(), app: "notes", channel: .production, author: "t")
            try await server.application.test(.live) { client in
                let url = URL(string: "http://127.0.0.1:\(try #require(client.port))/v1/apps/notes/policy?platform=ios")!
                let store = InMemoryKeyValueStore()
                // Beta's revision 40 as an SDK before the channel stored it: it reads as production's 40, never published.
                try store.set(Data(#"{"funnel":[{"revision":40,"banner":2}]}"#.utf8), forKey: "launchgate.funnel")
                let transport = PingWatcher()
                let beacon = InstallBeacon(configuration: .init(source: PolicySource(url: url)), app: app, installID: "stale-install",
                                           store: store, transport: transport)
                #expect(await beacon.sendIfDue() == .sent(status: 204))
                #expect(try await transport.pings(2) == [400, 204])
                #expect(PromptFunnel(store: store).pending() == nil)
            }
        }
    }
}
