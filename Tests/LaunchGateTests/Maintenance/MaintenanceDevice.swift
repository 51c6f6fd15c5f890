import Foundation
import LaunchGate
import LaunchGateTesting

/// One device for maintenance tests: a scripted policy server, the device's clock, the clock its
/// timers sleep on, and a flow over them.
@MainActor
final class MaintenanceDevice {
    let transport = ScriptedTransport()
    let store = InMemoryKeyValueStore()
    let opener = RecordingURLOpener()
    let url = PolicyDocuments.url
    /// The device's clock, which the user can set.
    let wall: TestClock
    /// The clock timers sleep on: the wall clock, or for a test that sets the device's clock, one
    /// of its own, which setting the device's clock doesn't move (as `Task.sleep`'s).
    let elapsed: TestClock

    /// - Parameter sleepsOnWallClock: Whether the timers sleep on the device's clock; `false` for
    ///   a test that sets the device's clock.
    init(sleepsOnWallClock: Bool = true) {
        let wall = TestClock()
        self.wall = wall
        elapsed = sleepsOnWallClock ? wall : TestClock(Date(timeIntervalSince1970: 0))
    }

    /// A policy whose maintenance window starts and ends this many seconds from the device's clock.
    func document(start: TimeInterval, end: TimeInterval?, refresh: Int = 10_800) -> Data {
        func time(_ offset: TimeInterval) -> String { wall.date.addingTimeInterval(offset).formatted(.iso8601) }
        let endField = end.map { #", "end": "\#(time($0))""# } ?? ""
        let window = #""maintenance": {"start": "\#(time(start))"\#(endField), "message": "Back soon.", "url": "https://status.example.com"}"#
        let text = String(decoding: PolicyDocuments.canonical(refresh: refresh), as: UTF8.self)
        return Data(text.replacingOccurrences(of: #""refreshInterval""#, with: window + #", "refreshInterval""#).utf8)
    }

    /// A flow over this device, with a jitter of 5 seconds.
    func flow(appStoreID: String? = nil) -> LaunchFlow {
        let monitor = UpdateMonitor(
            configuration: .init(source: PolicySource(url: url), appStoreID: appStoreID, sendsInstallBeacon: false),
            app: AppInfo(version: "2.0.0", platform: .ios, osVersion: "17.4"), store: store, transport: transport,
            opener: opener, now: wall.now, sleep: elapsed.sleep, jitter: { 5 }, makeInstallID: { "install-1" })
        return LaunchFlow(updates: monitor)
    }
}
