import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@Suite("The install beacon carries the prompt counts, clears them only after a 2xx, and stays daily")
struct InstallBeaconFunnelTests {
    private let transport = ScriptedTransport()
    private let store = InMemoryKeyValueStore()
    private let clock = TestClock()
    private let pingURL = URL(string: "https://gate.example.com/v1/apps/notes/installs/ping")!

    private func beacon(on: Bool = true) -> InstallBeacon {
        let configuration = UpdateMonitor.Configuration(source: PolicySource(url: URL(string: "https://gate.example.com/v1/apps/notes/policy")!),
                                                        sendsInstallBeacon: on)
        let app = AppInfo(version: "2.4.1", build: BuildNumber(241), platform: .ios, osVersion: "17.4", deviceID: "device-1")
        return InstallBeacon(configuration: configuration, app: app, installID: "install-1", store: store, transport: transport, now: clock.now)
    }

    private var funnel: PromptFunnel { PromptFunnel(store: store) }

    @Test("the counts go as a small JSON body with no ID in it, and are cleared after a 2xx")
    func sentAndCleared() async throws {
        funnel.record(.banner, revision: 7)
        funnel.record(.update, revision: 7)
        transport.always(.respond(TransportResponse(status: 204)), for: pingURL, method: "POST")
        #expect(await beacon().sendIfDue() == .sent(status: 204))
        let request = try #require(transport.requests.first)
        let body = try #require(request.body)
        #expect(body.count <= InstallBeacon.maximumBodySize)
        #expect(try JSONDecoder().decode(FunnelReport.self, from: body).revisions == [FunnelCounts(revision: 7, counts: [.banner: 1, .update: 1])])
        #expect(request.headers["Content-Type"] == "application/json")
        let text = String(decoding: body, as: UTF8.self)
        #expect(!text.contains("install-1") && !text.contains("device-1"))
        #expect(funnel.pending() == nil)
    }

    @Test("after an error status or no answer the counts stay for the next day's ping")
    func keptOnFailure() async throws {
        funnel.record(.recommended, revision: 2)
        transport.enqueue(.respond(TransportResponse(status: 500)), for: pingURL, method: "POST")
        #expect(await beacon().sendIfDue() == .sent(status: 500))
        #expect(funnel.pending() != nil)
        clock.advance(by: InstallBeacon.interval)
        transport.enqueue(.fail(.transport("offline")), for: pingURL, method: "POST")
        #expect(await beacon().sendIfDue() == .failed)
        #expect(funnel.pending()?.revisions == [FunnelCounts(revision: 2, counts: [.recommended: 1])])
    }

    @Test("counts don't make a second ping the same day")
    func stillDaily() async {
        transport.always(.respond(TransportResponse(status: 204)), for: pingURL, method: "POST")
        #expect(await beacon().sendIfDue() == .sent(status: 204))
        funnel.record(.banner, revision: 1)
        #expect(await beacon().sendIfDue() == .notDue)
        #expect(transport.requests.count == 1)
    }

    @Test("with nothing counted there is no body, as before")
    func noBody() async throws {
        transport.always(.respond(TransportResponse(status: 204)), for: pingURL, method: "POST")
        #expect(await beacon().sendIfDue() == .sent(status: 204))
        #expect(try #require(transport.requests.first).body == nil)
    }
}
