import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@MainActor
@Suite("The monitor sends the install beacon after the launch decision, once a day, and never lets it touch the decision")
struct UpdateMonitorBeaconTests {
    private let transport = ScriptedTransport()
    private let store = InMemoryKeyValueStore()
    private let clock = TestClock()
    private let url = PolicyDocuments.url
    private let pingURL = URL(string: "https://updates.example.com/v1/apps/notes/installs/ping")!

    /// A launch of the same install: the store survives from one to the next.
    private func monitor(beacon: Bool = true, mode: LaunchMode = .nonBlocking) -> UpdateMonitor {
        UpdateMonitor(
            configuration: .init(source: PolicySource(url: url), launchMode: mode, fetchTimeout: .seconds(5), sendsInstallBeacon: beacon),
            app: AppInfo(version: "1.5.0", build: BuildNumber(150), platform: .ios, osVersion: "17.4"), store: store, transport: transport,
            opener: RecordingURLOpener(), now: clock.now, makeInstallID: { "install-1" })
    }

    private func answerPolicy(required: String = "1.0.0") {
        transport.enqueue(.respond(.json(PolicyDocuments.canonical(required: required))), for: url)
    }

    private var pings: [TransportRequest] { transport.requests(to: pingURL) }

    // MARK: Tests

    @Test("start publishes the decision and returns while the beacon is still outstanding; the beacon follows the check",
          .timeLimit(.minutes(1)))
    func afterDecision() async throws {
        answerPolicy(required: "1.8.0")
        let gate = TransportGate()
        transport.enqueue(.gated(gate, TransportResponse(status: 204)), for: pingURL, method: "POST")
        let monitor = monitor(mode: .blocking(timeout: .seconds(5)))
        await monitor.start()
        #expect(monitor.state.screen?.kind == .updateRequired, "decided before the ping has an answer")
        let task = try #require(monitor.beaconTask)
        gate.open()
        #expect(await task.value == .sent(status: 204))
        #expect(transport.requests.map(\.method) == ["GET", "POST"], "the policy first, then the ping")
        let header = try #require(pings.first?.headers["LaunchGate-Client"].flatMap(ClientHeader.parse))
        #expect(header == ClientHeader(version: "1.5.0", build: "150", platform: "ios", os: "17.4", install: "install-1"))
    }

    @Test("a relaunch the same day sends no second ping; a launch a day later sends one")
    func oncePerDay() async throws {
        transport.always(.respond(TransportResponse(status: 204)), for: pingURL, method: "POST")
        // Launches at 0 s, 3 h, a second short of a day, and a day.
        let launches: [(advance: TimeInterval, expected: InstallBeacon.Outcome)] = [
            (0, .sent(status: 204)), (3 * 3_600, .notDue), (86_399 - 3 * 3_600, .notDue), (1, .sent(status: 204)),
        ]
        for (advance, expected) in launches {
            clock.advance(by: advance)
            answerPolicy()
            let monitor = monitor()
            await monitor.start()
            #expect(await monitor.beaconTask?.value == expected)
        }
        #expect(pings.count == 2)
    }

    @Test("with sendsInstallBeacon off, no ping is sent")
    func disabled() async {
        answerPolicy()
        let monitor = monitor(beacon: false)
        await monitor.start()
        #expect(monitor.beaconTask == nil)
        #expect(pings.isEmpty)
    }

    @Test("a ping that fails changes neither the decision nor the monitor's error")
    func failingPing() async throws {
        answerPolicy(required: "1.8.0")
        transport.enqueue(.fail(.transport("connection reset")), for: pingURL, method: "POST")
        let monitor = monitor()
        await monitor.start()
        #expect(await monitor.beaconTask?.value == .failed)
        #expect(monitor.state.screen?.kind == .updateRequired)
        #expect(monitor.decision.isBlocking)
        #expect(monitor.lastError == nil)
    }

    @Test("after a check that failed offline nothing is sent, and the day's ping waits for a launch that reaches the server")
    func offline() async {
        let monitor = monitor()
        await monitor.start()
        #expect(monitor.lastError != nil)
        #expect(monitor.beaconTask == nil)
        #expect(pings.isEmpty)
        transport.always(.respond(TransportResponse(status: 204)), for: pingURL, method: "POST")
        answerPolicy()
        let online = self.monitor()
        await online.start()
        #expect(await online.beaconTask?.value == .sent(status: 204))
    }
}
