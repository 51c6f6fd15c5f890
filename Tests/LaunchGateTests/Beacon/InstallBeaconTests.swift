import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("The install beacon: at most once a day, only the client header, and off when asked")
struct InstallBeaconTests {
    private let transport = ScriptedTransport()
    private let store = InMemoryKeyValueStore()
    private let clock = TestClock()
    private let policyURL = URL(string: "https://gate.example.com/v1/apps/notes/policy?platform=ios")!
    private let pingURL = URL(string: "https://gate.example.com/v1/apps/notes/installs/ping")!

    private func beacon(on: Bool = true, source: URL? = nil, explicit: URL? = nil) -> InstallBeacon {
        let configuration = UpdateMonitor.Configuration(source: PolicySource(url: source ?? policyURL), sendsInstallBeacon: on,
                                                        installBeaconURL: explicit)
        let app = AppInfo(version: "2.4.1", build: BuildNumber(241), platform: .ios, osVersion: "17.4", deviceID: "device-1")
        return InstallBeacon(configuration: configuration, app: app, installID: "install-1", store: store, transport: transport, now: clock.now)
    }

    // MARK: Tests

    @Test("the first ping posts the client header, without the device ID, to the server's ping path")
    func firstPing() async throws {
        transport.always(.respond(TransportResponse(status: 204)), for: pingURL, method: "POST")
        #expect(await beacon().sendIfDue() == .sent(status: 204))
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST" && request.url == pingURL && request.body == nil)
        let value = try #require(request.headers["LaunchGate-Client"])
        let header = try #require(ClientHeader.parse(value))
        #expect(header == ClientHeader(version: "2.4.1", build: "241", platform: "ios", os: "17.4", install: "install-1"))
    }

    @Test("a second ping within a day is not sent; after a day it is")
    func daily() async {
        transport.always(.respond(TransportResponse(status: 204)), for: pingURL, method: "POST")
        #expect(await beacon().sendIfDue() == .sent(status: 204))
        clock.advance(by: 86_399)
        #expect(await beacon().sendIfDue() == .notDue)
        clock.advance(by: 1)
        #expect(await beacon().sendIfDue() == .sent(status: 204))
        #expect(transport.requests.count == 2)
    }

    @Test("a failed ping is not retried the same day, and a clock moved back restarts the day instead of pinging")
    func failureAndClock() async {
        transport.enqueue(.fail(.transport("offline")), for: pingURL, method: "POST")
        #expect(await beacon().sendIfDue() == .failed)
        #expect(await beacon().sendIfDue() == .notDue)
        clock.advance(by: -3600)
        #expect(await beacon().sendIfDue() == .notDue)
        clock.advance(by: 86_399)
        #expect(await beacon().sendIfDue() == .notDue, "a day from when the clock went back")
        #expect(transport.requests.count == 1)
    }

    @Test("turned off, or with a source that is not a LaunchGate policy URL and no explicit URL, it sends nothing")
    func off() async {
        #expect(await beacon(on: false).sendIfDue() == .off)
        #expect(await beacon(source: URL(string: "https://cdn.example.com/notes/version.json")!).sendIfDue() == .off)
        #expect(transport.requests.isEmpty)
        let explicit = URL(string: "https://gate.example.com/v1/apps/notes/installs/ping")!
        transport.always(.respond(TransportResponse(status: 204)), for: explicit, method: "POST")
        #expect(await beacon(source: URL(string: "https://cdn.example.com/notes/version.json")!, explicit: explicit).sendIfDue() == .sent(status: 204))
    }

    @Test("a store that can't be written means no ping, so there is never more than one a day")
    func unwritableStore() async {
        store.failWrites()
        #expect(await beacon().sendIfDue() == .notDue)
        #expect(transport.requests.isEmpty)
    }

    @Test("ping URLs come from LaunchGate policy paths only, behind any prefix")
    func pingURLs() {
        #expect(InstallBeacon.pingURL(forPolicyAt: URL(string: "https://h/lg/v1/apps/notes/policy?platform=ios")!)
                == URL(string: "https://h/lg/v1/apps/notes/installs/ping"))
        #expect(InstallBeacon.pingURL(forPolicyAt: URL(string: "https://h/v1/apps//policy")!) == nil)
        #expect(InstallBeacon.pingURL(forPolicyAt: URL(string: "https://h/api/version")!) == nil)
    }
}
