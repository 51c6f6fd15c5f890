import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@MainActor
@Suite("Maintenance and the device's clock: a clock or time zone change sets the timer again; the link opens the app's way")
struct MaintenanceClockTests {
    private let device = MaintenanceDevice(sleepsOnWallClock: false)

    // MARK: Tests

    @Test("the user sets the clock 50 minutes forward: the window an hour away starts 10 minutes later, not an hour")
    func clockSetForward() async {
        device.transport.enqueue(.respond(.json(device.document(start: 3_600, end: nil))), for: device.url)
        let flow = device.flow()
        await flow.start()
        #expect(device.elapsed.pendingDeadlines == [device.elapsed.date.addingTimeInterval(3_600)])
        device.wall.advance(by: 3_000)
        flow.significantTimeChange()
        #expect(await until { device.elapsed.pendingDeadlines == [device.elapsed.date.addingTimeInterval(600)] }, "\(device.elapsed.pendingDeadlines)")
    }

    @Test("one clock change that the system reports several times (UIKit's and Foundation's notifications alike) leaves one timer, set on the new clock")
    func repeatedTimeChange() async {
        device.transport.enqueue(.respond(.json(device.document(start: 3_600, end: nil))), for: device.url)
        let flow = device.flow()
        await flow.start()
        device.wall.advance(by: 3_000)
        for _ in 0..<3 { flow.significantTimeChange() }
        #expect(await until { device.elapsed.pendingDeadlines == [device.elapsed.date.addingTimeInterval(600)] }, "\(device.elapsed.pendingDeadlines)")
    }

    @Test("the user sets the clock past the start: the screen shows at once")
    func clockSetPastStart() async {
        device.transport.enqueue(.respond(.json(device.document(start: 3_600, end: 7_200))), for: device.url)
        let flow = device.flow()
        await flow.start()
        #expect(flow.state == .plainApp)
        device.wall.advance(by: 4_000)
        flow.significantTimeChange()
        guard case .maintenance = flow.state else { Issue.record("no maintenance screen: \(flow.state)"); return }
    }

    @Test("the maintenance link is a web page for the app's openURL; Try Again and every other button are the flow's")
    func webPage() async {
        device.transport.enqueue(.respond(.json(device.document(start: -60, end: nil))), for: device.url)
        let flow = device.flow()
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
