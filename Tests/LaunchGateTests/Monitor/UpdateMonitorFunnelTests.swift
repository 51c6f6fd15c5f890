import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@MainActor
@Suite("The monitor counts each prompt once per presentation, per the policy's revision, and only with the beacon on")
struct UpdateMonitorFunnelTests {
    private let transport = ScriptedTransport()
    private let store = InMemoryKeyValueStore()
    private let clock = TestClock()
    private let url = PolicyDocuments.url

    private func monitor(beacon: Bool = true) -> UpdateMonitor {
        UpdateMonitor(
            configuration: .init(source: PolicySource(url: url), fetchTimeout: .seconds(5), sendsInstallBeacon: beacon),
            app: AppInfo(version: "1.5.0", platform: .ios, osVersion: "17.4"), store: store, transport: transport,
            opener: RecordingURLOpener(), now: clock.now, makeInstallID: { "install-1" })
    }

    /// A policy of revision `revision` (none when `nil`) with an optional recommended version.
    private func answer(revision: Int? = 5, channel: String = "production", required: String = "1.0.0", recommended: String? = nil) {
        let subject = #"{"app": "notes", "channel": "\#(channel)", "platform": "ios"\#(revision.map { #", "revision": \#($0)"# } ?? "")}"#
        let extra = recommended.map { #""recommended": {"version": "\#($0)"}"# }
        var body = String(decoding: PolicyDocuments.canonical(required: required, subject: subject), as: UTF8.self)
        if let extra { body = body.replacingOccurrences(of: #""required":"#, with: extra + #", "required":"#) }
        transport.enqueue(.respond(.json(Data(body.utf8))), for: url)
    }

    private var counts: [FunnelCounts] { PromptFunnel(store: store).pending()?.revisions ?? [] }

    /// Reads the state as a view would, `times` times.
    private func render(_ monitor: UpdateMonitor, times: Int = 3) {
        for _ in 0..<times { _ = monitor.state }
    }

    @Test("a banner counts once however often it is rendered or the app returns to the foreground; details and a dismissal count too")
    func banner() async {
        answer()
        let monitor = monitor()
        await monitor.start()
        _ = await monitor.beaconTask?.value
        render(monitor)
        await monitor.didBecomeActive()
        render(monitor)
        monitor.showDetails()
        render(monitor)
        #expect(monitor.dismiss())
        render(monitor)
        #expect(counts == [FunnelCounts(revision: 5, counts: [.banner: 1, .details: 1, .dismissed: 1])])
    }

    @Test("a recommended screen and its Not Now, and a required screen and Update Now, count under their revision")
    func screens() async {
        answer(revision: 6, recommended: "1.9.0")
        let first = monitor()
        await first.start()
        _ = await first.beaconTask?.value
        render(first)
        #expect(first.dismiss())
        answer(revision: 7, required: "1.8.0")
        let second = monitor()
        await second.start()
        _ = await second.beaconTask?.value
        render(second)
        #expect(await second.openUpdate())
        #expect(counts == [FunnelCounts(revision: 6, counts: [.recommended: 1, .notNow: 1]),
                           FunnelCounts(revision: 7, counts: [.required: 1, .update: 1])])
    }

    @Test("nothing is counted with the beacon off, or when the policy names no revision")
    func nothing() async {
        answer(required: "1.8.0")
        let off = monitor(beacon: false)
        await off.start()
        render(off)
        _ = await off.openUpdate()
        #expect(counts.isEmpty)
        answer(revision: nil, required: "1.8.0")
        let unnamed = monitor()
        await unnamed.start()
        _ = await unnamed.beaconTask?.value
        render(unnamed)
        _ = await unnamed.openUpdate()
        #expect(counts.isEmpty)
    }

    @Test("a beta policy's prompts count under beta's revision, apart from production's of the same number")
    func betaChannel() async {
        answer(revision: 4, channel: "beta", required: "1.8.0")
        let monitor = UpdateMonitor(
            configuration: .init(source: PolicySource(url: url, channel: .beta), fetchTimeout: .seconds(5)),
            app: AppInfo(version: "1.5.0", platform: .ios, osVersion: "17.4"), store: store, transport: transport,
            opener: RecordingURLOpener(), now: clock.now, makeInstallID: { "install-1" })
        await monitor.start()
        _ = await monitor.beaconTask?.value
        render(monitor)
        #expect(await monitor.openUpdate())
        #expect(counts == [FunnelCounts(revision: 4, channel: .beta, counts: [.required: 1, .update: 1])])
    }
}
