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

    @Test("counts the server refuses for good are dropped and the ping goes again without them; a bare 400 keeps them")
    func refusedCountsDropped() async throws {
        // An SDK before the channel stored beta's revision 40 with none, so it now reads as production's 40,
        // which production never published: the server refuses it, and would every day.
        try store.set(Data(#"{"funnel":[{"revision":40,"banner":2}]}"#.utf8), forKey: "launchgate.funnel")
        let refusal = #"{"error": {"code": "unknown-revision", "message": "app \"notes\" has no production policy revision 40"}}"#
        transport.enqueue(.respond(TransportResponse(status: 400, body: Data(refusal.utf8))), for: pingURL, method: "POST")
        transport.enqueue(.respond(TransportResponse(status: 204)), for: pingURL, method: "POST")
        #expect(await beacon().sendIfDue() == .sent(status: 204))
        #expect(transport.requests.map { $0.body == nil } == [false, true])
        #expect(transport.requests.last?.headers["Content-Type"] == nil)
        #expect(funnel.pending() == nil)

        // A 400 without the server's code (a proxy's, say) may pass tomorrow: the counts stay, and nothing goes again.
        clock.advance(by: InstallBeacon.interval)
        funnel.record(.banner, revision: 2)
        transport.enqueue(.respond(TransportResponse(status: 400, body: Data("Bad Request".utf8))), for: pingURL, method: "POST")
        #expect(await beacon().sendIfDue() == .sent(status: 400))
        #expect(transport.requests.count == 3)
        #expect(funnel.pending()?.revisions == [FunnelCounts(revision: 2, counts: [.banner: 1])])
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
