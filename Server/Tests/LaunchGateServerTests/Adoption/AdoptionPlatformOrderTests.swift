import Foundation
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateServer
@testable import LaunchGateStorage

/// The adoption report sorted its lists by the platform's name, so Android came before iOS in the
/// API, `launchgate adoption` and the console's charts, while the editor and the export list iOS
/// first. Every list now follows ``Platform``'s order, the same on every load.
@Suite("Adoption lists platforms iOS first in the API and the console, on every load")
struct AdoptionPlatformOrderTests {
    /// Installs of `notes` on both platforms, the same number per pair so only the order of
    /// platforms can decide ties: seen two days ago and today (the server's clock, ``Samples/now``),
    /// so the history has both days.
    private static func record(_ server: TestServer) async throws {
        let now = Samples.now
        let versions: [(Platform, String, Int)] = [(.android, "2.4.0", 3), (.ios, "2.4.1", 3), (.android, "2.3.0", 1), (.ios, "2.3.0", 1)]
        var sightings: [InstallSighting] = []
        for (platform, version, count) in versions {
            for index in 0..<count {
                for at in [now.addingTimeInterval(-2 * 86_400), now] {
                    sightings.append(InstallSighting(appID: "notes", platform: platform, installHash: "\(platform)-\(version)-\(index)",
                                                     version: version, at: at))
                }
            }
        }
        try await server.components.installs.record(sightings)
    }

    /// The platforms of a list of shares, each once, in the order they first appear.
    private static func platforms(_ shares: Any?) -> [String] {
        var seen: [String] = []
        for share in shares as? [[String: Any]] ?? [] {
            if let platform = share["platform"] as? String, seen.last != platform { seen.append(platform) }
        }
        return seen
    }

    // MARK: Tests

    @Test("the API's versions, builds, OS versions and daily history list iOS before Android, on 20 loads")
    func api() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await Self.record(server)
            try await server.application.test(.router) { client in
                for _ in 0..<20 {
                    let response = try await client.execute(uri: "/v1/admin/apps/notes/adoption?days=7&since=2000-01-01", method: .get,
                                                            headers: TestServer.bearer(server.adminToken))
                    let body = try response.json()
                    let window = try #require((body["windows"] as? [[String: Any]])?.first)
                    for list in ["versions", "builds", "os"] {
                        #expect(Self.platforms(window[list]) == ["ios", "android"], "\(list)")
                    }
                    let history = try #require(body["history"] as? [[String: Any]])
                    #expect(history.count == 2)
                    for day in history { #expect(Self.platforms(day["versions"]) == ["ios", "android"]) }
                }
            }
        }
    }

    @Test("the console's bars and the timeline's legend put iOS before Android where their installs tie, on 20 loads")
    func console() async throws {
        try await TestServer.with(now: { Samples.now }) { server in
            try await Self.record(server)
            try await server.application.test(.router) { client in
                let browser = ConsoleBrowser(client)
                try await browser.signIn(server.adminToken)
                for _ in 0..<20 {
                    let page = try await browser.get("/console/apps/notes/adoption?days=7").text
                    let bars = page.matches(of: #/<span class="bar-label">([^<]*)</span>/#).map { String($0.output.1) }
                    #expect(Array(bars.prefix(4)) == ["iOS 2.4.1", "Android 2.4.0", "iOS 2.3.0", "Android 2.3.0"])
                    let legend = page.matches(of: #/<span class="chart-swatch series-\d+"></span>([^<]*)</li>/#).map { String($0.output.1) }
                    #expect(legend == ["iOS 2.4.1", "Android 2.4.0", "iOS 2.3.0", "Android 2.3.0"])
                }
            }
        }
    }
}
