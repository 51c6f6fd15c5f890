import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

/// What an operator's sync reports and leaves behind (attack s14, 4 and 6), over the poller
/// fixture of ``AppStorePollerTests``.
@Suite("An operator's App Store sync: its report and the schedule it leaves")
struct AppStoreManualSyncTests {
    @Test("manual syncs that fail show their error but add no failure, so the next poll stays at the interval; a scheduled poll backs off (attack s14, 6)")
    func manualFailureKeepsSchedule() async throws {
        let fixture = await AppStorePollerTests.Fixture()
        await fixture.transport.set("us", .status(503))
        await fixture.transport.set("jp", .status(503))
        let before = try #require(await fixture.status())
        for _ in 0..<3 {
            let report = try await fixture.poller.poll(app: "notes", platform: .ios, reset: false, manual: true)
            guard case .failed = report.outcome else { Issue.record("expected a failure"); return }
        }
        let after = try #require(await fixture.status())
        #expect(after.lastError?.contains("HTTP 503") == true)
        #expect(after.failures == before.failures, "\(after)")
        #expect(after.nextPollAt == fixture.clock.now.addingTimeInterval(900), "the interval with the jitter's middle, not a backoff")
        _ = try await fixture.poll()
        #expect(await fixture.status()?.failures == before.failures + 1, "the scheduled poll still backs off")
    }

    @Test("a manual sync that fails never puts a backed-off link's due poll later (review s14b, L4)")
    func manualFailureNeverLater() async throws {
        let fixture = await AppStorePollerTests.Fixture()
        await fixture.transport.set("us", .status(503))
        await fixture.transport.set("jp", .status(503))
        for _ in 0..<3 { _ = try await fixture.poll() }
        let backedOff = try #require(await fixture.status())
        fixture.clock.advance(backedOff.nextPollAt.timeIntervalSince(fixture.clock.now) - 60)
        _ = try await fixture.poller.poll(app: "notes", platform: .ios, reset: false, manual: true)
        let after = try #require(await fixture.status())
        #expect(after.failures == 3 && after.nextPollAt == backedOff.nextPollAt, "still due in a minute, not 4 h later: \(after)")
    }

    @Test("a manual sync that succeeds keeps serve's earlier scheduled poll, rather than its own interval's later one (attack s16, 4)")
    func manualSuccessNeverLater() async throws {
        let fixture = await AppStorePollerTests.Fixture()
        for storefront in ["us", "jp"] { await fixture.transport.set(storefront, FakeAppStoreTransport.lookup(version: "2.4.1")) }
        _ = try await fixture.poll()
        let scheduled = try #require(await fixture.status()).nextPollAt
        fixture.clock.advance(scheduled.timeIntervalSince(fixture.clock.now) - 60)
        #expect(try await fixture.poller.poll(app: "notes", platform: .ios, reset: false, manual: true).outcome == .unchanged)
        #expect(await fixture.status()?.nextPollAt == scheduled, "still due in a minute, not the sync's 900 s later")
        fixture.clock.advance(120)
        _ = try await fixture.poller.poll(app: "notes", platform: .ios, reset: false, manual: true)
        #expect(await fixture.status()?.nextPollAt == fixture.clock.now.addingTimeInterval(900), "one already due gets the interval")
    }

    @Test("a sync the pace left no lookup keeps a backed-off link's next poll and its real error (review s15, M8)")
    func pacedSyncKeepsScheduleAndError() async throws {
        let fixture = await AppStorePollerTests.Fixture()
        await fixture.transport.set("us", .status(503))
        await fixture.transport.set("jp", .status(503))
        for _ in 0..<3 { _ = try await fixture.poll() }
        let backedOff = try #require(await fixture.status())
        let pollClock = TestPollClock()
        let pacer = AppStoreLookupPacer(clock: pollClock.clock)
        for _ in 0..<20 { _ = try await pacer.reserve(latestStart: .seconds(50), perMinute: 20) }
        let clock = fixture.clock
        let poller = AppStorePoller(links: fixture.links, lookup: AppStoreLookupClient(transport: fixture.transport), publisher: fixture.publisher,
                                    pacer: pacer, now: { clock.now }, random: { 0.5 })
        #expect(try await poller.poll(app: "notes", platform: .ios, reset: false, manual: true).outcome == .paced)
        let after = try #require(await fixture.status())
        #expect(after.nextPollAt == backedOff.nextPollAt && after.failures == 3, "not polled at once: \(after)")
        #expect(after.lastError == backedOff.lastError && after.lastError?.contains("HTTP 503") == true)
    }

    @Test("a sync with accept the pace left no lookup says it was paced (run again in a minute), not that no storefront answered it (review s16, P6)")
    func pacedAcceptSaysPaced() async throws {
        let fixture = await AppStorePollerTests.Fixture()
        let pacer = AppStoreLookupPacer(clock: TestPollClock().clock)
        for _ in 0..<20 { _ = try await pacer.reserve(latestStart: .seconds(50), perMinute: 20) }
        let clock = fixture.clock
        let poller = AppStorePoller(links: fixture.links, lookup: AppStoreLookupClient(transport: fixture.transport), publisher: fixture.publisher,
                                    pacer: pacer, now: { clock.now }, random: { 0.5 })
        let report = try await poller.poll(app: "notes", platform: .ios, reset: false, manual: true, accept: "10.0.0")
        #expect(report.outcome == .paced && report.answered.isEmpty, "\(report)")
    }

    @Test("a sync with reset and accept together is refused before asking anything: invalid-sync, an input error (review s16, P4)")
    func resetWithAcceptRefused() async throws {
        let fixture = await AppStorePollerTests.Fixture()
        let before = await fixture.status()
        let error = await #expect(throws: AppStoreLinkError.self) {
            try await fixture.poller.poll(app: "notes", platform: .ios, reset: true, manual: true, accept: "2.4.1")
        }
        #expect(error?.code == "invalid-sync" && error?.kind == .invalidInput)
        #expect(await fixture.status() == before, "nothing asked or recorded")
    }

    @Test("a sync accepting a version no answer would be taken as (a component above 99999, more than 3 components) is refused before any lookup: invalid-version, an input error (attack s16, 5)")
    func implausibleAcceptRefused() async throws {
        let fixture = await AppStorePollerTests.Fixture()
        let before = await fixture.status()
        for version: AppVersion in ["99999999999.0", "1.0.0.0.1"] {
            let error = await #expect(throws: AppStoreLinkError.self) {
                try await fixture.poller.poll(app: "notes", platform: .ios, reset: false, manual: true, accept: version)
            }
            #expect(error?.code == "invalid-version" && error?.kind == .invalidInput)
        }
        #expect(await fixture.transport.countries.isEmpty, "no lookup spent")
        #expect(await fixture.status() == before, "nothing recorded")
    }

    @Test("a sync reports the answers it ignored, the held ones apart, so it can't read as already done; an implausible one no reset takes is only noted (review s15, M10)")
    func ignoredAnswersReported() async throws {
        let fixture = await AppStorePollerTests.Fixture()
        for storefront in ["us", "jp"] { await fixture.transport.set(storefront, FakeAppStoreTransport.lookup(version: "2.5.0")) }
        #expect(try await fixture.report().ignored.isEmpty)
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "99999999999.0"))
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "9.0.0"))
        let report = try await fixture.poller.poll(app: "notes", platform: .ios, reset: false, manual: true)
        #expect(report.outcome == .unchanged)
        #expect(report.ignored.count == 2 && report.implausible.map(\.storefront) == ["jp"], "\(report.ignored)")
        let implausible = try #require(report.ignored.first { $0.storefront == "us" }?.line(app: "notes", platform: .ios))
        #expect(implausible.hasSuffix("never taken, not even by a reset") && !implausible.contains("--reset"), "\(implausible)")
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.4.0"))
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.5.0"))
        let stale = try await fixture.poller.poll(app: "notes", platform: .ios, reset: false, manual: true)
        #expect(stale.ignored.count == 1 && stale.implausible.isEmpty, "a stale answer is noted, not waiting for the operator")
    }
}
