import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@MainActor
@Suite("Maintenance and the device's clock: a clock or time zone change sets the timer again; the link opens the app's way")
struct MaintenanceClockTests {
    private let transport = ScriptedTransport()
    /// The device's clock, which the user can set.
    private let wall = TestClock()
    /// The clock timers sleep on, which setting the device's clock doesn't move (as `Task.sleep`'s).
    private let elapsed = TestClock(Date(timeIntervalSince1970: 0))
    private let url = PolicyDocuments.url

    private func document(start: TimeInterval, end: TimeInterval?) -> Data {
        func time(_ offset: TimeInterval) -> String { wall.date.addingTimeInterval(offset).formatted(.iso8601) }
        let endField = end.map { #", "end": "\#(time($0))""# } ?? ""
        let window = #""maintenance": {"start": "\#(time(start))"\#(endField), "message": "Back soon.", "url": "https://status.example.com"}"#
        let text = String(decoding: PolicyDocuments.canonical(), as: UTF8.self)
        return Data(text.replacingOccurrences(of: #""refreshInterval""#, with: window + #", "refreshInterval""#).utf8)
    }

    private func flow() -> LaunchFlow {
        let monitor = UpdateMonitor(
            configuration: .init(source: PolicySource(url: url), sendsInstallBeacon: false),
            app: AppInfo(version: "2.0.0", platform: .ios, osVersion: "17.4"), store: InMemoryKeyValueStore(),
            transport: transport, opener: RecordingURLOpener(), now: wall.now, sleep: elapsed.sleep, jitter: { 5 },
            makeInstallID: { "install-1" })
        return LaunchFlow(updates: monitor)
    }

    /// Waits until `condition` holds; the limit only stops a broken test from hanging.
    private func until(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    // MARK: Tests

    @Test("the user sets the clock 50 minutes forward: the window an hour away starts 10 minutes later, not an hour")
    func clockSetForward() async {
        transport.enqueue(.respond(.json(document(start: 3_600, end: nil))), for: url)
        let flow = flow()
        await flow.start()
        #expect(elapsed.pendingDeadlines == [elapsed.date.addingTimeInterval(3_600)])
        wall.advance(by: 3_000)
        flow.significantTimeChange()
        #expect(await until { elapsed.pendingDeadlines == [elapsed.date.addingTimeInterval(600)] }, "\(elapsed.pendingDeadlines)")
    }

    @Test("the user sets the clock past the start: the screen shows at once")
    func clockSetPastStart() async {
        transport.enqueue(.respond(.json(document(start: 3_600, end: 7_200))), for: url)
        let flow = flow()
        await flow.start()
        #expect(flow.state == .plainApp)
        wall.advance(by: 4_000)
        flow.significantTimeChange()
        guard case .maintenance = flow.state else { Issue.record("no maintenance screen: \(flow.state)"); return }
    }

    @Test("the maintenance link is a web page for the app's openURL; Try Again and every other button are the flow's")
    func webPage() async {
        transport.enqueue(.respond(.json(document(start: -60, end: nil))), for: url)
        let flow = flow()
        await flow.start()
        guard let screen = flow.state.gateScreen, let link = screen.secondaryAction, let retry = screen.primaryAction else {
            Issue.record("no maintenance screen: \(flow.state)")
            return
        }
        #expect(flow.webPage(for: link) == URL(string: "https://status.example.com"))
        #expect(flow.webPage(for: retry) == nil)
        #expect(flow.webPage(for: GateAction(title: "Learn More", role: .update)) == nil)
    }
}
