import Foundation
import LaunchGateTesting
import Testing
@_spi(LaunchGateServer) @testable import LaunchGate

@MainActor
@Suite("Notice before an OS is dropped: a banner for devices below the version, until the day ends, throttled like the update banner")
struct OSSupportNoticeTests {
    /// 2027-03-01T00:00:00Z: the last supported day.
    private static let lastDay = Date(timeIntervalSince1970: 1_803_859_200)
    private static let notice = OSSupportEnd(below: "18.0", after: lastDay)

    private func policy(latest: AppVersion = "2.0.0") -> UpdatePolicy {
        UpdatePolicy(platforms: [.ios: PlatformPolicy(latest: Release(version: latest), osSupportEnds: Self.notice)])
    }

    private func decide(_ policy: UpdatePolicy, os: AppVersion?, at now: Date = lastDay - 86_400, version: AppVersion = "2.0.0") -> UpdateDecision {
        UpdateEvaluator().evaluate(policy, for: EvaluationContext(version: version, osVersion: os, now: now))
    }

    // MARK: Tests

    @Test("a device below the version gets a dismissable banner; at or above it, or with its OS unknown, nothing")
    func whoSeesIt() {
        let decision = decide(policy(), os: "17.4")
        #expect(decision.kind == .osSupportEnding && !decision.isBlocking)
        #expect(decide(policy(), os: "18.0") == .upToDate)
        #expect(decide(policy(), os: "18.1") == .upToDate)
        #expect(decide(policy(), os: nil) == .upToDate)
    }

    @Test("it shows through the whole last day, in UTC, and not after")
    func untilTheDayEnds() {
        #expect(decide(policy(), os: "17.4", at: Self.lastDay + 86_399).kind == .osSupportEnding)
        #expect(decide(policy(), os: "17.4", at: Self.lastDay + 86_400) == .upToDate)
    }

    @Test("an update the device can take outranks it: one banner at a time")
    func updateFirst() {
        #expect(decide(policy(latest: "2.1.0"), os: "17.4").kind == .updateAvailable)
    }

    @Test("the banner and its dialog name the OS, the version and the day, in the user's language")
    func words() throws {
        let prompt = try #require(decide(policy(), os: "17.4").prompt)
        let banner = GateScreen.make(for: prompt, style: .banner, platform: .ios, hasUpdateURL: true)
        #expect(banner.title == "Support for your iOS version is ending")
        #expect(banner.message == "iOS versions below 18.0 will no longer be supported after March 1, 2027.")
        #expect(banner.primaryAction?.role == .showDetails && banner.secondaryAction?.role == .dismiss)
        let dialog = GateScreen.make(for: prompt, style: .dialog, platform: .ios, hasUpdateURL: true)
        #expect(dialog.message.hasPrefix("This app will no longer support iOS versions below 18.0 after March 1, 2027."))
        #expect(dialog.primaryAction == nil, "nothing to open: the OS is updated in Settings")
        #expect(dialog.targetVersion == nil)
        let french = GateScreen.make(for: prompt, style: .banner, platform: .ios, hasUpdateURL: true, strings: .forLanguages(["fr"]))
        #expect(french.message == "Les versions iOS antérieures à 18.0 ne seront plus prises en charge après le 1 mars 2027.", "\(french.message)")
    }

    @Test("the day is written as the device writes dates: its region, in the texts' language, and always the UTC day")
    func deviceLocale() throws {
        let prompt = try #require(decide(policy(), os: "17.4").prompt)
        func message(_ device: String?, strings: LaunchGateStrings = .english) -> String {
            GateScreen.make(for: prompt, style: .banner, platform: .ios, hasUpdateURL: true, strings: strings,
                            locale: device.map(Locale.init(identifier:))).message
        }
        #expect(message("en_GB").hasSuffix("after 1 March 2027."), "\(message("en_GB"))")
        #expect(message("en_US").hasSuffix("after March 1, 2027."), "\(message("en_US"))")
        #expect(message(nil).hasSuffix("after March 1, 2027."), "without a device locale, the texts' language alone")
        let german = message("en_US", strings: .forLanguages(["de"]))
        #expect(german.contains("März"), "the month is in the texts' language, whatever the device's: \(german)")
        let persian = LaunchGateStrings.forLanguages(["fa"])
        #expect(message(nil, strings: persian).contains("مارس"), "no device: the policy's Gregorian day, not the language's calendar")
        #expect(message("fa_IR", strings: persian).contains("اسفند"), "a device on the Persian calendar reads its own calendar's day")
                // Western Samoa is UTC+13 and Hawaii UTC-10: the policy's day is the same day everywhere.
        for zone in ["Pacific/Apia", "Pacific/Honolulu"] {
            var components = Locale.Components(identifier: "en_GB")
            components.timeZone = TimeZone(identifier: zone)
            let shown = GateScreen.make(for: prompt, style: .banner, platform: .ios, hasUpdateURL: true,
                                        locale: Locale(components: components)).message
            #expect(shown.hasSuffix("after 1 March 2027."), "\(zone): \(shown)")
        }
    }

    @Test("the monitor writes the day with the app's device locale")
    func monitorLocale() async {
        let transport = ScriptedTransport(), clock = TestClock(Self.lastDay - 30 * 86_400), url = PolicyDocuments.url
        transport.enqueue(.respond(.json(try! policy().jsonData())), for: url)
        let monitor = UpdateMonitor(configuration: .init(source: PolicySource(url: url), sendsInstallBeacon: false),
                                    app: AppInfo(version: "2.0.0", platform: .ios, osVersion: "17.4", locale: Locale(identifier: "en_GB")),
                                    store: InMemoryKeyValueStore(), transport: transport, opener: RecordingURLOpener(),
                                    now: clock.now, sleep: clock.sleep, makeInstallID: { "install-1" })
        await monitor.start()
        #expect(monitor.state.screen?.message.hasSuffix("after 1 March 2027.") == true, "\(monitor.state)")
    }

    @Test("a dismissed notice stays hidden for the reminder interval, then comes back")
    func throttled() async {
        let transport = ScriptedTransport(), clock = TestClock(Self.lastDay - 30 * 86_400), url = PolicyDocuments.url
        let body = try! policy().jsonData()
        transport.always(.respond(.json(body)), for: url)
        let monitor = UpdateMonitor(configuration: .init(source: PolicySource(url: url), sendsInstallBeacon: false),
                                    app: AppInfo(version: "2.0.0", platform: .ios, osVersion: "17.4"), store: InMemoryKeyValueStore(),
                                    transport: transport, opener: RecordingURLOpener(), now: clock.now, sleep: clock.sleep,
                                    makeInstallID: { "install-1" })
        await monitor.start()
        #expect(monitor.state.screen?.kind == .osSupportEnding && monitor.state.screen?.style == .banner)
        #expect(monitor.dismiss())
        #expect(monitor.state == .app)
        clock.advance(by: PlatformPolicy.defaultReminderInterval - 60)
        await monitor.didBecomeActive()
        #expect(monitor.state == .app, "hidden for the reminder interval")
        clock.advance(by: 120)
        await monitor.didBecomeActive()
        #expect(monitor.state.screen?.kind == .osSupportEnding, "\(monitor.state)")
    }

    @Test("dismissing a notice doesn't hide a new one: another version or another day shows at once")
    func newNoticeShows() async throws {
        let transport = ScriptedTransport(), clock = TestClock(Self.lastDay - 30 * 86_400), url = PolicyDocuments.url
        func publish(_ notice: OSSupportEnd) throws {
            let policy = UpdatePolicy(platforms: [.ios: PlatformPolicy(latest: Release(version: "2.0.0"), osSupportEnds: notice)])
            transport.enqueue(.respond(.json(try policy.jsonData())), for: url)
        }
        let monitor = UpdateMonitor(configuration: .init(source: PolicySource(url: url), refreshInterval: 0, sendsInstallBeacon: false),
                                    app: AppInfo(version: "2.0.0", platform: .ios, osVersion: "17.4"), store: InMemoryKeyValueStore(),
                                    transport: transport, opener: RecordingURLOpener(), now: clock.now, sleep: clock.sleep,
                                    makeInstallID: { "install-1" })
        try publish(Self.notice)
        await monitor.start()
        #expect(monitor.dismiss())
        try publish(Self.notice)
        await monitor.didBecomeActive()
        #expect(monitor.state == .app, "the same notice stays dismissed")
        try publish(OSSupportEnd(below: "18.0", after: Self.lastDay + 14 * 86_400))
        await monitor.didBecomeActive()
        #expect(monitor.state.screen?.kind == .osSupportEnding, "a later day is a new notice: \(monitor.state)")
        #expect(monitor.dismiss())
        try publish(OSSupportEnd(below: "18.2", after: Self.lastDay + 14 * 86_400))
        await monitor.didBecomeActive()
        #expect(monitor.state.screen?.kind == .osSupportEnding, "another version is a new notice: \(monitor.state)")
    }

    @Test("the notice reads from and writes to the canonical JSON")
    func json() throws {
        let text = #"{"schemaVersion": 1, "platforms": {"ios": {"osSupportEnds": {"below": "18.0", "after": "2027-03-01"}}}}"#
        let policy = try UpdatePolicy(json: Data(text.utf8))
        #expect(policy.platforms[.ios]?.osSupportEnds == Self.notice)
        #expect(String(decoding: try policy.jsonData(), as: UTF8.self).contains(#""osSupportEnds":{"after":"2027-03-01T00:00:00Z","below":"18.0"}"#))
        #expect(try UpdatePolicy(json: policy.jsonData()) == policy)
    }
}
