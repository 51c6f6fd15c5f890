import Foundation
import LaunchGate
import LaunchGateTesting
@testable import LaunchGateUI
import Testing
import UIKit

extension AdapterTests {
    @MainActor
    @Suite("What the UIKit controller passes between the system and the flow: background time for a deletion, and clock changes")
    struct SystemEventsTests {
        // MARK: Tests

        @Test("the controller gives the flow UIApplication's background tasks; the system's expiry ends one, and a second end does nothing")
        func backgroundTasks() throws {
            let device = UIHarness()
            let flow = device.flow()
            _ = device.launch(flow)
            let begin = try #require(flow.beginBackgroundTask, "the adapter set it")
            let end = begin("LaunchGate account deletion")
            let application = UIApplication.shared
            let (identifier, name) = try #require(application.standInBackgroundTasks.first)
            #expect(name == "LaunchGate account deletion")
            application.standInExpirationHandlers[identifier]?()
            #expect(application.standInBackgroundTasks.isEmpty, "the expiry ends the task, as UIKit requires")
            end()
            #expect(application.standInBackgroundTasks.isEmpty)
            let again = begin("second")
            again()
            #expect(application.standInBackgroundTasks.isEmpty)
        }

        @Test("an app's own background task runner is kept")
        func appsOwnKept() {
            let device = UIHarness()
            let flow = device.flow()
            var asked: [String] = []
            flow.beginBackgroundTask = { name in
                asked.append(name)
                return {}
            }
            _ = device.launch(flow)
            _ = flow.beginBackgroundTask?("mine")
            #expect(asked == ["mine"] && UIApplication.shared.standInBackgroundTasks.isEmpty)
        }

        @Test("UIKit's significant time change, and Foundation's clock and time-zone changes, each re-set the maintenance timer on the new clock",
              .timeLimit(.minutes(1)),
              arguments: [UIApplication.significantTimeChangeNotification, .NSSystemClockDidChange, .NSSystemTimeZoneDidChange])
        func timeChange(_ notification: Notification.Name) async {
            let device = UIHarness()
            let wall = TestClock(), elapsed = TestClock(Date(timeIntervalSince1970: 0))
            let start = wall.date.addingTimeInterval(3_600).formatted(.iso8601)
            let body = """
            {"schemaVersion": 1, "issuedAt": "2026-11-20T09:00:00Z",
             "subject": {"app": "notes", "channel": "production", "platform": "ios"},
             "platforms": {"ios": {"latest": {"version": "1.5.0"}, "required": {"version": "1.0.0"},
               "maintenance": {"start": "\(start)", "message": "Back soon."}, "refreshInterval": 0}}}
            """
            device.transport.enqueue(.respond(.json(Data(body.utf8))), for: device.policyURL)
            let monitor = UpdateMonitor(
                configuration: .init(source: PolicySource(url: device.policyURL), sendsInstallBeacon: false),
                app: AppInfo(version: "1.5.0", platform: .ios, osVersion: "17.4"), store: device.store,
                transport: device.transport, opener: device.opener, now: wall.now, sleep: elapsed.sleep, jitter: { 5 },
                makeInstallID: { "install-1" })
            let flow = LaunchFlow(updates: monitor)
            _ = device.launch(flow)
            await device.settle { elapsed.pendingDeadlines == [elapsed.date.addingTimeInterval(3_600)] }
            #expect(elapsed.pendingDeadlines == [elapsed.date.addingTimeInterval(3_600)])
            wall.advance(by: 3_000)
            NotificationCenter.default.post(name: notification, object: nil)
            await device.settle { elapsed.pendingDeadlines == [elapsed.date.addingTimeInterval(600)] }
            #expect(elapsed.pendingDeadlines == [elapsed.date.addingTimeInterval(600)], "\(elapsed.pendingDeadlines)")
        }

        @Test("a follower tells the flow once per notification until it is released, and then never again; it doesn't keep the flow")
        func followerStopsWhenReleased() async {
            let device = UIHarness()
            let name = Notification.Name("LaunchGateTests.followed")
            let told = Told()
            var flow: LaunchFlow? = device.flow()
            weak var weakFlow: LaunchFlow?
            weakFlow = flow
            var follower: NotificationFollower? = NotificationFollower([name]) { _ in told.count += 1 }
            follower?.start(flow!)
            follower?.start(flow!)
            NotificationCenter.default.post(name: name, object: nil)
            await device.settle { told.count > 1 }
            #expect(told.count == 1, "one observer, however often it is started")
            follower = nil
            NotificationCenter.default.post(name: name, object: nil)
            await device.settle()
            #expect(told.count == 1, "a released follower stops listening")
            flow = nil
            #expect(weakFlow == nil)
        }

        @Test("notifications posted together tell the flow once, and a later one tells it again (review s14, I4)")
        func followerMergesABurst() async {
            let device = UIHarness()
            let names = [Notification.Name("LaunchGateTests.clock"), Notification.Name("LaunchGateTests.zone")]
            let told = Told()
            let flow = device.flow()
            let follower = NotificationFollower(names) { _ in told.count += 1 }
            follower.start(flow)
            for name in names + names { NotificationCenter.default.post(name: name, object: nil) }
            await device.settle { told.count > 1 }
            #expect(told.count == 1, "one clock change posts several notifications; the flow re-decides once")
            NotificationCenter.default.post(name: names[0], object: nil)
            await device.settle { told.count > 1 }
            #expect(told.count == 2, "a later change is told again")
            withExtendedLifetime(follower) {}
        }
    }
}

/// How often a follower's action ran.
@MainActor
private final class Told {
    var count = 0
}
