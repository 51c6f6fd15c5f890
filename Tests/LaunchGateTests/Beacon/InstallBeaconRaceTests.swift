import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@Suite("The install beacon under concurrent calls")
struct InstallBeaconRaceTests {
    /// A store whose reads take a while, so two callers both read before either writes unless
    /// the beacon serialises them.
    private final class SlowStore: KeyValueStore, @unchecked Sendable {
        let base = InMemoryKeyValueStore()
        func data(forKey key: String) -> Data? {
            Thread.sleep(forTimeInterval: 0.05)
            return base.data(forKey: key)
        }
        func set(_ data: Data?, forKey key: String) throws { try base.set(data, forKey: key) }
    }

    @Test("two concurrent sends over one store ping once", .timeLimit(.minutes(1)))
    func concurrentSends() async {
        let transport = ScriptedTransport()
        let pingURL = URL(string: "https://gate.example.com/v1/apps/notes/installs/ping")!
        transport.always(.respond(TransportResponse(status: 204)), for: pingURL, method: "POST")
        let configuration = UpdateMonitor.Configuration(source: PolicySource(url: URL(string: "https://gate.example.com/v1/apps/notes/policy")!))
        let app = AppInfo(version: "2.4.1", build: BuildNumber(241), platform: .ios, osVersion: "17.4")
        let store = SlowStore()
        let beacons = (0..<2).map { _ in
            InstallBeacon(configuration: configuration, app: app, installID: "install-1", store: store, transport: transport,
                          now: { Date(timeIntervalSince1970: 1_800_000_000) })
        }
        async let first = Task.detached { await beacons[0].sendIfDue() }.value
        async let second = Task.detached { await beacons[1].sendIfDue() }.value
        let outcomes = await [first, second]
        #expect(outcomes.filter { $0 == .sent(status: 204) }.count == 1, "\(outcomes)")
        #expect(transport.requests(to: pingURL).count == 1)
    }
}
