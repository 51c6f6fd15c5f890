import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@MainActor
@Suite("Maintenance in a running app: shown when the window starts, re-checked when it ends, every interval while it shows, on Try Again and on every return to the foreground")
struct MaintenanceFlowTests {
    private let transport = ScriptedTransport()
    private let store = InMemoryKeyValueStore()
    private let clock = TestClock()
    private let opener = RecordingURLOpener()
    private let url = PolicyDocuments.url

    /// A policy whose maintenance window starts and ends this many seconds from the test clock's start.
    private func document(start: TimeInterval, end: TimeInterval?, refresh: Int = 10_800) -> Data {
        func time(_ offset: TimeInterval) -> String { clock.date.addingTimeInterval(offset).formatted(.iso8601) }
        let endField = end.map { #", "end": "\#(time($0))""# } ?? ""
        return PolicyDocuments.canonical(refresh: refresh, extra: "").replacingWindow(
            #""maintenance": {"start": "\#(time(start))"\#(endField), "message": "Back soon.", "url": "https://status.example.com"}"#)
    }

    /// The re-check interval during maintenance (the default) plus the jitter the tests inject.
    private let recheck: TimeInterval = 45 + 5

    private func flow(appStoreID: String? = nil) -> LaunchFlow {
        let monitor = UpdateMonitor(
            configuration: .init(source: PolicySource(url: url), appStoreID: appStoreID, sendsInstallBeacon: false),
            app: AppInfo(version: "2.0.0", platform: .ios, osVersion: "17.4"), store: store, transport: transport,
            opener: opener, now: clock.now, sleep: clock.sleep, jitter: { 5 }, makeInstallID: { "install-1" })
        return LaunchFlow(updates: monitor)
    }

    /// Waits until `condition` holds. The limit only stops a broken test from hanging; no
    /// expectation depends on how long anything takes.
    private func until(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    private func isMaintenance(_ state: LaunchFlow.State) -> Bool {
        if case .maintenance = state { true } else { false }
    }

    // MARK: Tests

    @Test("during the window the flow shows the maintenance screen above everything, and sets a timer for the next re-check, sooner than its end")
    func during() async {
        transport.enqueue(.respond(.json(document(start: -60, end: 3_600))), for: url)
        let flow = flow()
        await flow.start()
        #expect(isMaintenance(flow.state), "\(flow.state)")
        #expect(flow.state.isBlocking && flow.state.isAboveApp)
        #expect(flow.dismiss() == false, "it can't be dismissed")
        #expect(clock.pendingDeadlines == [clock.date.addingTimeInterval(recheck)])
    }

    @Test("at the window's end the app opens at once from the policy in hand, without a relaunch or a foreground, and re-checks after the jitter, not in the end's second")
    func endTimer() async {
        transport.enqueue(.respond(.json(document(start: -60, end: 30))), for: url)
        let flow = flow()
        await flow.start()
        #expect(clock.pendingDeadlines == [clock.date.addingTimeInterval(30)], "the end comes before the next re-check")
        transport.enqueue(.respond(.json(PolicyDocuments.canonical())), for: url)
        clock.advance(by: 30)
        #expect(await until { flow.state == .plainApp }, "\(flow.state)")
        #expect(await until { clock.pendingDeadlines == [clock.date.addingTimeInterval(5)] }, "the check waits the jitter")
        #expect(transport.requests(to: url).count == 1, "nobody asks in the second the window ends")
        clock.advance(by: 5)
        #expect(await until { transport.requests(to: url).count == 2 }, "the end of the window re-checks")
        #expect(await until { clock.pendingDeadlines.isEmpty })
        #expect(flow.state == .plainApp)
    }

    @Test("a window published ahead shows at its start, from the policy in hand")
    func scheduledAhead() async {
        transport.enqueue(.respond(.json(document(start: 600, end: 4_200))), for: url)
        let flow = flow()
        await flow.start()
        #expect(flow.state == .plainApp)
        #expect(clock.pendingDeadlines == [clock.date.addingTimeInterval(600)])
        clock.advance(by: 600)
        #expect(await until { isMaintenance(flow.state) }, "offline at the start, the cached window still shows: \(flow.state)")
        #expect(transport.requests(to: url).count == 1, "shown before anyone asks")
        #expect(await until { clock.pendingDeadlines == [clock.date.addingTimeInterval(5), clock.date.addingTimeInterval(recheck)] },
                "the check after the jitter, and the re-check's timer, are set: \(clock.pendingDeadlines)")
    }

    @Test("a monitor that is let go takes its timer with it, rather than leaving it asleep until the window starts")
    func timerEndsWithMonitor() async {
        transport.enqueue(.respond(.json(document(start: 86_400, end: nil))), for: url)
        var flow: LaunchFlow? = flow()
        await flow?.start()
        #expect(clock.pendingDeadlines == [clock.date.addingTimeInterval(86_400)])
        weak let monitor = flow?.updates
        flow = nil
        #expect(monitor == nil, "nothing else holds the monitor")
        #expect(await until { clock.pendingDeadlines.isEmpty }, "the timer was cancelled: \(clock.pendingDeadlines)")
    }

    @Test("returning to the foreground during maintenance re-checks at once, whatever the refresh interval, so an early end shows")
    func foreground() async {
        transport.enqueue(.respond(.json(document(start: -60, end: nil, refresh: 86_400))), for: url)
        let flow = flow()
        await flow.start()
        #expect(isMaintenance(flow.state))
        transport.enqueue(.respond(.json(PolicyDocuments.canonical())), for: url)
        clock.advance(by: 60)
        await flow.didBecomeActive()
        #expect(transport.requests(to: url).count == 2)
        #expect(flow.state == .plainApp, "\(flow.state)")
    }

    @Test("a window with no end is re-checked every interval plus the jitter, so after 'maintenance stop' the app opens within a minute without leaving it")
    func openEndedRecheck() async {
        transport.enqueue(.respond(.json(document(start: -60, end: nil, refresh: 86_400))), for: url)
        let flow = flow()
        await flow.start()
        #expect(clock.pendingDeadlines == [clock.date.addingTimeInterval(recheck)], "a re-check is set though the window has no end")
        clock.advance(by: recheck)
        #expect(await until { transport.requests(to: url).count == 2 }, "the first re-check finds nothing (offline)")
        #expect(isMaintenance(flow.state), "the cached window stays: \(flow.state)")
        #expect(await until { clock.pendingDeadlines == [clock.date.addingTimeInterval(recheck)] }, "and the next re-check is set")
        transport.enqueue(.respond(.json(PolicyDocuments.canonical())), for: url)
        clock.advance(by: recheck)
        #expect(await until { flow.state == .plainApp }, "\(flow.state)")
        #expect(transport.requests(to: url).count == 3)
        #expect(clock.pendingDeadlines.isEmpty, "with the screen gone, so is the re-check")
    }

    @Test("Try Again re-checks at once, and opens the app when the window is gone")
    func tryAgain() async {
        transport.enqueue(.respond(.json(document(start: -60, end: nil))), for: url)
        let flow = flow()
        await flow.start()
        guard let retry = flow.state.gateScreen?.primaryAction else { Issue.record("no Try Again: \(flow.state)"); return }
        #expect(retry.role == .retry)
        transport.enqueue(.respond(.json(PolicyDocuments.canonical())), for: url)
        await flow.perform(retry)
        #expect(transport.requests(to: url).count == 2)
        #expect(flow.state == .plainApp, "\(flow.state)")
    }

    @Test("the link button opens the window's link; the link is never the update URL, nor the App Store fallback")
    func link() async {
        transport.enqueue(.respond(.json(document(start: -60, end: nil))), for: url)
        let flow = flow(appStoreID: "1234567890")
        await flow.start()
        #expect(flow.updates?.decision.prompt?.updateURL == nil, "a custom Update button reading the prompt finds no link")
        #expect(await flow.openUpdate() == false)
        guard let link = flow.state.gateScreen?.secondaryAction else { Issue.record("no link button: \(flow.state)"); return }
        #expect(link.role == .openMaintenancePage)
        await flow.perform(link)
        #expect(opener.opened == [URL(string: "https://status.example.com")!])
    }

    @Test("a window without a link has only Try Again, even when the app names its App Store page")
    func noLink() async {
        let body = String(decoding: document(start: -60, end: nil), as: UTF8.self)
            .replacingOccurrences(of: #", "url": "https://status.example.com""#, with: "")
        transport.enqueue(.respond(.json(Data(body.utf8))), for: url)
        let flow = flow(appStoreID: "1234567890")
        await flow.start()
        #expect(isMaintenance(flow.state))
        #expect(flow.state.gateScreen?.primaryAction?.role == .retry)
        #expect(flow.state.gateScreen?.secondaryAction == nil)
        #expect(await flow.openUpdate() == false)
        #expect(await flow.updates?.openMaintenancePage() == false)
        #expect(opener.opened.isEmpty)
    }
}

private extension Data {
    /// The document with a maintenance window added to its iOS entry.
    func replacingWindow(_ field: String) -> Data {
        let text = String(decoding: self, as: UTF8.self)
        return Data(text.replacingOccurrences(of: #""refreshInterval""#, with: field + #", "refreshInterval""#).utf8)
    }
}
