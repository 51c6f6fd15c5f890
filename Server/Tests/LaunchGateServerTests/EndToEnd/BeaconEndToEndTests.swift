import Foundation
import Hummingbird
import HummingbirdTesting
@_spi(LaunchGateServer) import LaunchGate
import LaunchGateTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("End to end: the SDK's install beacon over URLSession, counted by the running server")
struct BeaconEndToEndTests {
    @Test("the SDK's live fetch and its beacon both count the install, once, and the beacon waits a day", arguments: TestBackend.available)
    func beacon(backend: TestBackend) async throws {
        try await TestServer.with(backend) { server in
            try await server.application.test(.live) { client in
                let port = try #require(client.port)
                let url = URL(string: "http://127.0.0.1:\(port)/v1/apps/notes/policy?platform=ios")!
                let app = AppInfo(version: "2.4.1", build: BuildNumber(241), platform: .ios, osVersion: "17.4")
                let store = InMemoryKeyValueStore()
                let beacon = InstallBeacon(configuration: .init(source: PolicySource(url: url)), app: app, installID: "e2e-beacon", store: store)
                #expect(await beacon.sendIfDue() == .sent(status: 204))
                #expect(await beacon.sendIfDue() == .notDue)
                _ = await PolicyFetcher(source: PolicySource(url: url), app: app, installID: "e2e-beacon", transport: URLSessionTransport(),
                                        cache: PolicyCache(store: store)).fetch()
                // The server's own recorder folds every 2 s too, and may have taken the sightings
                // first: its write may still be under way when this fold returns, so wait for it.
                var groups: [InstallGroup] = []
                let deadline = ContinuousClock.now + .seconds(15)
                repeat {
                    await server.components.recorder.fold()
                    groups = try await server.components.installs.groups(appID: "notes", platform: .ios, fromDay: 0)
                    if groups.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
                } while groups.isEmpty && ContinuousClock.now < deadline
                #expect(groups.map(\.installs) == [1])
                #expect(groups.first.map { [$0.version, $0.build, $0.os] } == ["2.4.1", "241", "17.4"])
            }
        }
    }
}
