import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@MainActor
@Suite("The monitor decides with the device's storefront, and again when the app learns it")
struct UpdateMonitorStorefrontTests {
    private let transport = ScriptedTransport()
    private let store = InMemoryKeyValueStore()
    private let url = PolicyDocuments.url

    /// 2.0.0 is out in the US; France still serves 1.9.0.
    private let document = Data("""
    {"schemaVersion": 1, "platforms": {"ios": {"latest": {"version": "2.0.0"},
     "storefronts": {"us": "2.0.0", "fr": "1.9.0"}, "updateURL": "https://apps.apple.com/app/id1"}}}
    """.utf8)

    private func monitor(storefront: Storefront? = nil) -> UpdateMonitor {
        transport.enqueue(.respond(.json(document)), for: url)
        return UpdateMonitor(
            configuration: .init(source: PolicySource(url: url), sendsInstallBeacon: false),
            app: AppInfo(version: "1.9.0", platform: .ios, osVersion: "17.4", storefront: storefront), store: store,
            transport: transport, opener: RecordingURLOpener(), makeInstallID: { "install-1" })
    }

    // MARK: Tests

    @Test("an unknown storefront waits for France; learning it is the US shows the banner at once, without a check")
    func learnsTheStorefront() async {
        let monitor = monitor()
        await monitor.start()
        #expect(monitor.decision == .upToDate)
        monitor.setStorefront(Storefront("USA"))
        #expect(monitor.decision.kind == .updateAvailable && monitor.decision.prompt?.targetVersion == "2.0.0")
        #expect(monitor.state.screen?.kind == .updateAvailable)
        #expect(transport.requests.count == 1)
        monitor.setStorefront(Storefront("FRA"))
        #expect(monitor.decision == .upToDate)
    }

    @Test("a storefront injected with the app info is used from the first decision")
    func injected() async {
        let monitor = monitor(storefront: Storefront("us"))
        await monitor.start()
        #expect(monitor.decision.kind == .updateAvailable)
    }
}
