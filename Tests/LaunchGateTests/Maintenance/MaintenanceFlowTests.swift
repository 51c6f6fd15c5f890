import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@MainActor
@Suite("Maintenance in a running app: shown when the window starts, re-checked when it ends, every interval while it shows, on Try Again and on every return to the foreground")
struct MaintenanceFlowTests {
    private let device = MaintenanceDevice()
    /// The re-check interval during maintenance (the default) plus the jitter the tests inject.
    private let recheck: TimeInterval = 45 + 5

    private func isMaintenance(_ state: LaunchFlow.State) -> Bool {
        if case .maintenance = state { true } else { false }
    }

    // MARK: Tests

    @Test("during the window the flow shows the maintenance screen above everything, and sets a timer for the next re-check, sooner than its end")
    func during() async {
        device.transport.enqueue(.respond(.json(device.document(start: -60, end: 3_600))), for: device.url)
        let flow = device.flow()
        await flow.start()
        #expect(isMaintenance(flow.state), "\(flow.state)")
        #expect(flow.state.isBlocking && flow.state.isAboveApp)
        #expect(flow.dismiss() == false, "it can't be dismissed")
        #expect(device.wall.pendingDeadlines == [device.wall.date.addingTimeInterval(recheck)])
    }

    @Test("at the window's end the app opens at once from the policy in hand, without a relaunch or a foreground, and re-checks after the jitter, not in the end's second")
    func endTimer() async {
        device.transport.enqueue(.respond(.json(device.document(start: -60, end: 30))), for: device.url)
        let flow = device.flow()
        await flow.start()
        #expect(device.wall.pendingDeadlines == [device.wall.date.addingTimeInterval(30)], "the end comes before the next re-check")
        device.transport.enqueue(.respond(.json(PolicyDocuments.canonical())), for: device.url)
        device.wall.advance(by: 30)
        #expect(await until { flow.state == .plainApp }, "\(flow.state)")
        #expect(await until { device.wall.pendingDeadlines == [device.wall.date.addingTimeInterval(5)] }, "the check waits the jitter")
        #expect(device.transport.requests(to: device.url).count == 1, "nobody asks in the second the window ends")
        device.wall.advance(by: 5)
        #expect(await until { device.transport.requests(to: device.url).count == 2 }, "the end of the window re-checks")
        #expect(await until { device.wall.pendingDeadlines.isEmpty })
        #expect(flow.state == .plainApp)
    }

    @Test("a window published ahead shows at its start, from the policy in hand")
    func scheduledAhead() async {
        device.transport.enqueue(.respond(.json(device.document(start: 600, end: 4_200))), for: device.url)
        let flow = device.flow()
        await flow.start()
        #expect(flow.state == .plainApp)
        #expect(device.wall.pendingDeadlines == [device.wall.date.addingTimeInterval(600)])
        device.wall.advance(by: 600)
        #expect(await until { isMaintenance(flow.state) }, "offline at the start, the cached window still shows: \(flow.state)")
        #expect(device.transport.requests(to: device.url).count == 1, "shown before anyone asks")
        #expect(await until { device.wall.pendingDeadlines == [device.wall.date.addingTimeInterval(5), device.wall.date.addingTimeInterval(recheck)] },
                "the check after the jitter, and the re-check's timer, are set: \(device.wall.pendingDeadlines)")
    }

    @Test("a monitor that is let go takes its timer with it, rather than leaving it asleep until the window starts")
    func timerEndsWithMonitor() async {
        device.transport.enqueue(.respond(.json(device.document(start: 86_400, end: nil))), for: device.url)
        var flow: LaunchFlow? = device.flow()
        await flow?.start()
        #expect(device.wall.pendingDeadlines == [device.wall.date.addingTimeInterval(86_400)])
        weak let monitor = flow?.updates
        flow = nil
        #expect(monitor == nil, "nothing else holds the monitor")
        #expect(await until { device.wall.pendingDeadlines.isEmpty }, "the timer was cancelled: \(device.wall.pendingDeadlines)")
    }

    @Test("returning to the foreground during maintenance re-checks at once, whatever the refresh interval, so an early end shows")
    func foreground() async {
        device.transport.enqueue(.respond(.json(device.document(start: -60, end: nil, refresh: 86_400))), for: device.url)
        let flow = device.flow()
        await flow.start()
        #expect(isMaintenance(flow.state))
        device.transport.enqueue(.respond(.json(PolicyDocuments.canonical())), for: device.url)
        device.wall.advance(by: 60)
        await flow.didBecomeActive()
        #expect(device.transport.requests(to: device.url).count == 2)
        #expect(flow.state == .plainApp, "\(flow.state)")
    }

    @Test("a window with no end is re-checked every interval plus the jitter, so after 'maintenance stop' the app opens within a minute without leaving it")
    func openEndedRecheck() async {
        device.transport.enqueue(.respond(.json(device.document(start: -60, end: nil, refresh: 86_400))), for: device.url)
        let flow = device.flow()
        await flow.start()
        #expect(device.wall.pendingDeadlines == [device.wall.date.addingTimeInterval(recheck)], "a re-check is set though the window has no end")
        device.wall.advance(by: recheck)
        #expect(await until { device.transport.requests(to: device.url).count == 2 }, "the first re-check finds nothing (offline)")
        #expect(isMaintenance(flow.state), "the cached window stays: \(flow.state)")
        #expect(await until { device.wall.pendingDeadlines == [device.wall.date.addingTimeInterval(recheck)] }, "and the next re-check is set")
        device.transport.enqueue(.respond(.json(PolicyDocuments.canonical())), for: device.url)
        device.wall.advance(by: recheck)
        #expect(await until { flow.state == .plainApp }, "\(flow.state)")
        #expect(device.transport.requests(to: device.url).count == 3)
        #expect(device.wall.pendingDeadlines.isEmpty, "with the screen gone, so is the re-check")
    }

    @Test("Try Again re-checks at once, and opens the app when the window is gone")
    func tryAgain() async {
        device.transport.enqueue(.respond(.json(device.document(start: -60, end: nil))), for: device.url)
        let flow = device.flow()
        await flow.start()
        guard let retry = flow.state.gateScreen?.primaryAction else { Issue.record("no Try Again: \(flow.state)"); return }
        #expect(retry.role == .retry)
        device.transport.enqueue(.respond(.json(PolicyDocuments.canonical())), for: device.url)
        await flow.perform(retry)
        #expect(device.transport.requests(to: device.url).count == 2)
        #expect(flow.state == .plainApp, "\(flow.state)")
    }

    @Test("the link button opens the window's link; the link is never the update URL, nor the App Store fallback")
    func link() async {
        device.transport.enqueue(.respond(.json(device.document(start: -60, end: nil))), for: device.url)
        let flow = device.flow(appStoreID: "1234567890")
        await flow.start()
        #expect(flow.updates?.decision.prompt?.updateURL == nil, "a custom Update button reading the prompt finds no link")
        #expect(await flow.openUpdate() == false)
        guard let link = flow.state.gateScreen?.secondaryAction else { Issue.record("no link button: \(flow.state)"); return }
        #expect(link.role == .openMaintenancePage)
        await flow.perform(link)
        #expect(device.opener.opened == [URL(string: "https://status.example.com")!])
    }

    @Test("a window without a link has only Try Again, even when the app names its App Store page")
    func noLink() async {
        let body = String(decoding: device.document(start: -60, end: nil), as: UTF8.self)
            .replacingOccurrences(of: #", "url": "https://status.example.com""#, with: "")
        device.transport.enqueue(.respond(.json(Data(body.utf8))), for: device.url)
        let flow = device.flow(appStoreID: "1234567890")
        await flow.start()
        #expect(isMaintenance(flow.state))
        #expect(flow.state.gateScreen?.primaryAction?.role == .retry)
        #expect(flow.state.gateScreen?.secondaryAction == nil)
        #expect(await flow.openUpdate() == false)
        #expect(await flow.updates?.openMaintenancePage() == false)
        #expect(device.opener.opened.isEmpty)
    }
}
