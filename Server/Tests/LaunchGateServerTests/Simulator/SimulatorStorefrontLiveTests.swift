import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(LaunchGateServer) import LaunchGate
import Testing
@testable import LaunchGateServer
@testable import LaunchGateSimulator

/// `launchgate simulate --storefront` against a running server with a policy linked to the App Store.
@Suite("Simulator: devices in two storefronts, one the App Store has already updated and one it hasn't")
struct SimulatorStorefrontLiveTests {
    @MainActor final class Notes {
        var lines: [String] = []
    }

    @MainActor
    private static func device(port: Int, key: PolicyPublicKey, storefront: String?) throws -> (Simulator, URL) {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("launchgate-simulate-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let notes = Notes()
        let settings = SimulatorSettings(
            serverURL: URL(string: "http://127.0.0.1:\(port)")!, appID: "notes",
            app: AppInfo(version: "2.3.0", build: BuildNumber(230), platform: .ios,
                         storefront: try SimulatorSettings.storefront(parsing: storefront)),
            publicKey: key, stateDirectory: state)
        return (Simulator(settings: settings, clock: try SimulatedClock(file: settings.clockFile)) { notes.lines.append($0) }, state)
    }

    // MARK: Tests

    @Test("2.4.1 is out in the US but not yet in France: a US device sees the banner, a French one and one whose storefront is unknown don't")
    func twoStorefronts() async throws {
        try await TestServer.with { server in
            var policy = Samples.policy()
            policy.platforms[.ios]?.storefronts = ["us": "2.4.1", "fr": "2.3.0"]
            _ = try await server.components.policies.publish(policy, app: "notes", channel: .production, author: "tests")
            let key = try #require(try await server.components.signingKeys.activePublicKey())
            try await server.application.test(.live) { client in
                let port = try #require(client.port)
                try await Self.check(port: port, key: key)
            }
        }
    }

    @MainActor
    private static func check(port: Int, key: PolicyPublicKey) async throws {
        for (storefront, bannered) in [("us", true), ("FRA", false), (nil, false)] as [(String?, Bool)] {
            let (device, state) = try device(port: port, key: key, storefront: storefront)
            defer { try? FileManager.default.removeItem(at: state) }
            await device.launch()
            #expect(device.card.label == ScreenCard.appLabel, "\(storefront ?? "unknown"): \(device.card)")
            #expect((device.card.banner?.title == "Update available") == bannered, "\(storefront ?? "unknown"): \(device.card)")
        }
    }
}
