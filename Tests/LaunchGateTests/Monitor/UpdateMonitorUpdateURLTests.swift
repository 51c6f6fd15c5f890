import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@MainActor
@Suite("Where \"Update Now\" goes: the policy's link, TestFlight, the app's App Store page, or words that say where")
struct UpdateMonitorUpdateURLTests {
    private let transport = ScriptedTransport()
    private let opener = RecordingURLOpener()
    private let url = PolicyDocuments.url

    /// A document in the `min_supported_version_<platform>` format, which has no field for an update URL.
    private static let minimumOnly = #"{"min_supported_version_ios": "2.0"}"#

    private func launch(_ body: String, appStoreID: String? = nil, languages: [String] = ["en"],
                        platform: Platform = .ios) async -> UpdateMonitor {
        transport.enqueue(.respond(.json(body)), for: url)
        let monitor = UpdateMonitor(
            configuration: .init(source: PolicySource(url: url), appStoreID: appStoreID, sendsInstallBeacon: false),
            app: AppInfo(version: "1.5.0", build: BuildNumber(150), platform: platform, osVersion: "17.4", preferredLanguages: languages),
            store: InMemoryKeyValueStore(), transport: transport, opener: opener, makeInstallID: { "install-1" })
        await monitor.start()
        return monitor
    }

    // MARK: Tests

    @Test("a required update from a document without a link opens the app's App Store page, from its Apple ID")
    func appleID() async {
        let monitor = await launch(Self.minimumOnly, appStoreID: "1234567890")
        #expect(monitor.decision.isBlocking)
        #expect(monitor.state.screen?.primaryAction?.role == .update)
        #expect(monitor.state.screen?.message.contains("App Store") == false, "a button, so no instructions")
        #expect(await monitor.openUpdate())
        #expect(opener.opened == [URL(string: "https://apps.apple.com/app/id1234567890")!])
    }

    @Test("with neither a link nor an Apple ID, the blocking screen has no button and says to update from the App Store")
    func saysWhere() async {
        let monitor = await launch(Self.minimumOnly)
        let screen = monitor.state.screen
        #expect(screen?.style == .blocking && screen?.primaryAction == nil)
        #expect(screen?.message == "This version is no longer supported. Please update to version 2.0 to continue.\n\n"
                + "Open the App Store to update this app.")
        #expect(!(await monitor.openUpdate()))
        #expect(opener.opened.isEmpty)
    }

    @Test("an Apple ID that isn't digits is never made into a link", arguments: ["id123", "12 34", "", "１２３", String(repeating: "1", count: 21)])
    func badAppleID(id: String) async {
        let monitor = await launch(Self.minimumOnly, appStoreID: id)
        #expect(monitor.state.screen?.primaryAction == nil)
        #expect(monitor.state.screen?.message.hasSuffix("Open the App Store to update this app.") == true)
    }

    @Test("the words are in the user's language, and name Google Play on Android, where the Apple ID means nothing")
    func localizedAndAndroid() async {
        let french = await launch(Self.minimumOnly, languages: ["fr-FR"])
        #expect(french.state.screen?.message.hasSuffix("\n\nOuvrez l’App Store pour mettre à jour cette app.") == true)
        let android = await launch(#"{"min_supported_version_android": "2.0"}"#, appStoreID: "1234567890", platform: .android)
        #expect(android.state.screen?.primaryAction == nil)
        #expect(android.state.screen?.message.hasSuffix("\n\nOpen Google Play to update this app.") == true)
    }

    @Test("a TestFlight link (itms-beta) in the latest-build document is offered and opened")
    func testFlight() async {
        let monitor = await launch(#"{"latest_build": 151, "testflight_url": "itms-beta://testflight.apple.com/join/AbCd1234"}"#)
        #expect(monitor.state.screen?.primaryAction?.role == .update)
        #expect(await monitor.openUpdate())
        #expect(opener.opened == [URL(string: "itms-beta://testflight.apple.com/join/AbCd1234")!])
    }
}
