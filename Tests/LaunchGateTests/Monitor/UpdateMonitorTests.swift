import Foundation
import LaunchGateTesting
import Testing
@testable import LaunchGate

@MainActor
@Suite("The update monitor: launch modes, offline, foreground checks and escape attempts")
struct UpdateMonitorTests {
    private let transport = ScriptedTransport()
    private let store = InMemoryKeyValueStore()
    private let clock = TestClock()
    private let opener = RecordingURLOpener()
    private let url = PolicyDocuments.url

    private func monitor(_ mode: LaunchMode = .nonBlocking, version: AppVersion = "1.5.0", showLoadingOnRefresh: Bool = false,
                         exempt: Bool = false, fallback: URL? = nil, fetchTimeout: Duration = .milliseconds(300)) -> UpdateMonitor {
        // The beacon is off here, so request counts are the checks' alone (UpdateMonitorBeaconTests covers it).
        UpdateMonitor(
            configuration: .init(source: PolicySource(url: url), launchMode: mode, fetchTimeout: fetchTimeout,
                                 showLoadingOnRefresh: showLoadingOnRefresh, fallbackUpdateURL: fallback,
                                 isExempt: { _ in exempt }, sendsInstallBeacon: false),
            app: AppInfo(version: version, platform: .ios, osVersion: "17.4"), store: store, transport: transport,
            opener: opener, now: clock.now, makeInstallID: { "install-1" })
    }

    /// Launches once with a policy so it is cached, as a previous session would have.
    private func warmCache(_ body: Data) async {
        transport.enqueue(.respond(.json(body)), for: url)
        await monitor().start()
    }

    // MARK: Tests

    @Test("non-blocking: content at once, then the banner when the check answers")
    func nonBlocking() async {
        let answer = TransportGate()
        transport.enqueue(.gated(answer, .json(PolicyDocuments.canonical())), for: url)
        let monitor = monitor(fetchTimeout: .seconds(30))
        #expect(monitor.state == .app)
        let started = Task { await monitor.start() }
        #expect(await until { transport.requests.count == 1 }, "the check is under way")
        #expect(monitor.state == .app, "the app shows while the answer is outstanding")
        answer.open()
        await started.value
        #expect(monitor.state.screen?.style == .banner)
        #expect(monitor.state.screen?.message == "Version 2.0.0 is available.")
    }

    @Test("blocking: a loading state until the first answer, so content never flashes before a required screen")
    func blockingUntilAnswer() async {
        transport.enqueue(.respond(.json(PolicyDocuments.canonical(required: "1.8.0"))), for: url)
        let monitor = monitor(.blocking(timeout: .seconds(2)))
        #expect(monitor.state == .checking)
        #expect(!monitor.state.showsApp)
        await monitor.start()
        #expect(monitor.state.screen?.kind == .updateRequired)
    }

    @Test("blocking: on timeout with no cache the app opens (fail open), and a late answer still applies")
    func blockingTimeout() async {
        let answer = TransportGate()
        transport.enqueue(.gated(answer, .json(PolicyDocuments.canonical(required: "1.8.0"))), for: url)
        let monitor = monitor(.blocking(timeout: .milliseconds(20)), fetchTimeout: .seconds(30))
        let started = Task { await monitor.start() }
        #expect(await until { monitor.state == .app }, "the app opens while the answer is still outstanding")
        answer.open()
        await started.value
        #expect(monitor.state.screen?.kind == .updateRequired)
    }

    @Test("a cached decision is available at once, before any network")
    func cachedAtOnce() async {
        await warmCache(PolicyDocuments.canonical(required: "1.8.0"))
        let relaunched = monitor()
        #expect(relaunched.decision.kind == .updateRequired)
        #expect(relaunched.state.screen?.kind == .updateRequired)
        let blockingMode = monitor(.blocking(timeout: .seconds(1)))
        #expect(blockingMode.state.screen?.kind == .updateRequired, "a known blocking decision is not hidden behind loading")
    }

    @Test("offline with a cached required update: it stays enforced, with no error shown")
    func cachedRequiredOffline() async {
        await warmCache(PolicyDocuments.canonical(required: "1.8.0"))
        let relaunched = monitor(.blocking(timeout: .seconds(1)))
        await relaunched.start()
        #expect(relaunched.state.screen?.kind == .updateRequired)
        #expect(relaunched.lastError?.code == "transport")
    }

    @Test("offline, timeout and 500 with no cache all fail open to the app")
    func failOpen() async {
        for step in [ScriptedTransport.Step.fail(.transport("offline")), .hang, .respond(.json("", status: 500))] {
            transport.enqueue(step, for: url)
            let monitor = monitor(.blocking(timeout: .seconds(2)))
            await monitor.start()
            #expect(monitor.state == .app)
            #expect(monitor.lastError != nil)
        }
    }

    @Test("the foreground re-checks only after the refresh interval, and 0 means every time")
    func foregroundInterval() async {
        transport.always(.respond(.json(PolicyDocuments.canonical())), for: url)
        let monitor = monitor()
        await monitor.start()
        await monitor.didBecomeActive()
        #expect(transport.requests.count == 1)
        clock.advance(by: 10_800)
        await monitor.didBecomeActive()
        #expect(transport.requests.count == 2)

        let everyTime = ScriptedTransport()
        everyTime.always(.respond(.json(PolicyDocuments.canonical(refresh: 0))), for: url)
        let seed000 = UpdateMonitor(configuration: .init(source: PolicySource(url: url)), app: AppInfo(version: "2.0.0"),
                                    store: InMemoryKeyValueStore(), transport: everyTime, opener: opener, now: clock.now)
        await seed000.start()
        await seed000.didBecomeActive()
        await seed000.didBecomeActive()
        // Policy requests only: this monitor's beacon is on, and its ping goes to another URL.
        #expect(everyTime.requests(to: url).count == 3)
    }

    @Test("a foreground refresh is silent unless showLoadingOnRefresh is set")
    func loadingOnRefresh() async {
        let (silentAnswer, loudAnswer) = (TransportGate(), TransportGate())
        transport.enqueue(.respond(.json(PolicyDocuments.canonical(latest: "1.5.0"))), for: url)
        transport.enqueue(.gated(silentAnswer, .json(PolicyDocuments.canonical(latest: "1.5.0"))), for: url)
        transport.enqueue(.gated(loudAnswer, .json(PolicyDocuments.canonical(latest: "1.5.0"))), for: url)
        let silent = monitor()
        await silent.start()
        clock.advance(by: 20_000)
        let refresh = Task { await silent.didBecomeActive() }
        #expect(await until { transport.requests.count == 2 })
        #expect(silent.state == .app)
        silentAnswer.open()
        await refresh.value
        let loud = monitor(showLoadingOnRefresh: true)
        clock.advance(by: 20_000)
        let loudRefresh = Task { await loud.didBecomeActive() }
        #expect(await until { transport.requests.count == 3 })
        #expect(loud.state == .checking)
        loudAnswer.open()
        await loudRefresh.value
        #expect(loud.state == .app)
    }

    @Test("escape attempt: a required screen survives dismiss, foreground cycles, failed refreshes and opening the store")
    func escapeAttempt() async {
        transport.enqueue(.respond(.json(PolicyDocuments.canonical(required: "1.8.0"))), for: url)
        let monitor = monitor()
        await monitor.start()
        #expect(monitor.state.screen?.isDismissable == false)
        #expect(!monitor.dismiss())
        monitor.showDetails()
        for _ in 0..<3 {
            clock.advance(by: 86_400)
            await monitor.didBecomeActive()
            #expect(monitor.state.screen?.kind == .updateRequired)
        }
        #expect(await monitor.openUpdate())
        await monitor.didBecomeActive()
        #expect(monitor.state.screen?.kind == .updateRequired)
        #expect(opener.opened == [URL(string: "https://apps.apple.com/app/id1")!])
    }

    @Test("a new policy that lowers the minimum lifts the block")
    func liftedBlock() async {
        transport.enqueue(.respond(.json(PolicyDocuments.canonical(required: "1.8.0"))), for: url)
        transport.enqueue(.respond(.json(PolicyDocuments.canonical(required: "1.0.0", latest: "1.5.0"))), for: url)
        let monitor = monitor()
        await monitor.start()
        clock.advance(by: 10_800)
        await monitor.didBecomeActive()
        #expect(monitor.state == .app)
    }

    @Test("the banner opens a details dialog with notes and Update Now; dismissing hides it for 24 hours")
    func bannerDetailsDismiss() async {
        transport.always(.respond(.json(PolicyDocuments.canonical())), for: url)
        let monitor = monitor()
        await monitor.start()
        monitor.showDetails()
        guard case .details(let dialog) = monitor.state else { Issue.record("expected details, got \(monitor.state)"); return }
        #expect(dialog.releaseNotes == "Bug fixes.")
        #expect(dialog.primaryAction == GateAction(title: "Update Now", role: .update))
        #expect(monitor.dismiss())
        #expect(monitor.state == .app)
        clock.advance(by: 3_600 * 4)
        await monitor.didBecomeActive()
        #expect(monitor.state == .app)
        clock.advance(by: 86_400)
        await monitor.didBecomeActive()
        #expect(monitor.state.screen?.style == .banner)
    }

    @Test("every button of a screen does what its role says, through perform(_:)")
    func performActions() async {
        transport.always(.respond(.json(PolicyDocuments.canonical())), for: url)
        let monitor = monitor()
        await monitor.start()
        let banner = monitor.state.screen
        await monitor.perform(banner!.primaryAction!)
        guard case .details(let dialog) = monitor.state else { Issue.record("Details should open the dialog"); return }
        await monitor.perform(dialog.primaryAction!)
        #expect(opener.opened.count == 1)
        await monitor.perform(dialog.secondaryAction!)
        #expect(monitor.state == .app)
    }

    @Test("a dismissal holds for the session even when the store can't be written")
    func dismissalWithFailingStore() async {
        transport.always(.respond(.json(PolicyDocuments.canonical())), for: url)
        let monitor = monitor()
        await monitor.start()
        store.failWrites()
        #expect(monitor.dismiss())
        await monitor.didBecomeActive()
        #expect(monitor.state == .app)
    }

    @Test("exempt users always see the app")
    func exempt() async {
        transport.enqueue(.respond(.json(PolicyDocuments.canonical(required: "1.8.0"))), for: url)
        let monitor = monitor(exempt: true)
        await monitor.start()
        #expect(monitor.state == .app)
    }

    @Test("end of life known from the cache blocks offline with its message")
    func endOfLifeOffline() async {
        await warmCache(PolicyDocuments.canonical(endOfLife: true))
        let relaunched = monitor()
        await relaunched.start()
        #expect(relaunched.state.screen?.kind == .endOfLife)
        #expect(relaunched.state.screen?.message == "Retired.")
    }

    @Test("the fallback update URL is used when the policy has none, and a non-https one is never opened")
    func fallbackURL() async {
        transport.enqueue(.respond(.json(#"{"min_supported_version_ios": "2.0"}"#)), for: url)
        let monitor = monitor(fallback: URL(string: "itms-apps://itunes.apple.com/app/id42"))
        await monitor.start()
        #expect(monitor.state.screen?.primaryAction?.role == .update)
        #expect(await monitor.openUpdate())
        transport.enqueue(.respond(.json(#"{"min_supported_version_ios": "2.0"}"#)), for: url)
        let insecure = self.monitor(fallback: URL(string: "http://example.com/app"))
        await insecure.start()
        #expect(insecure.state.screen?.primaryAction == nil)
        #expect(!(await insecure.openUpdate()))
        #expect(opener.opened.count == 1)
    }

    @Test("the install ID is created once and kept across launches")
    func installID() {
        let first = monitor()
        let second = UpdateMonitor(configuration: .init(source: PolicySource(url: url)), app: AppInfo(version: "1.0"),
                                   store: store, transport: transport, opener: opener, makeInstallID: { "different" })
        #expect(first.installIdentifier == "install-1")
        #expect(second.installIdentifier == "install-1")
    }
}
