import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

/// Each storefront's own status, stored with the link (attack s14, 5, 8, 9, 10 and 11), over the
/// poller fixture of ``AppStorePollerTests``. Time is the test's clocks: nothing here waits.
@Suite("The poller keeps each storefront's status in storage: where the next poll starts, what each answered, and when one is withdrawn")
struct AppStoreStorefrontStatusTests {
    private typealias Fixture = AppStorePollerTests.Fixture

    /// 49 storefronts, as in the attack: "aa" … "bw".
    private static let storefronts = AppStorePollerLimitsTests.storefronts

    /// Another process's poller over the fixture's storage (`launchgate appstore sync`): its own pacer, no memory of the fixture's polls.
    private static func otherProcess(_ fixture: Fixture) -> AppStorePoller {
        let clock = fixture.clock
        return AppStorePoller(links: fixture.links, lookup: AppStoreLookupClient(transport: fixture.transport), publisher: fixture.publisher,
                              pacer: AppStoreLookupPacer(clock: TestPollClock().clock), now: { clock.now }, random: { 0.5 })
    }

    // MARK: Tests

    @Test("a sync in another process starts with the storefronts the last poll didn't reach, so three syncs cover 49 storefronts (attack s14, 5)")
    func syncsCarryOn() async throws {
        let fixture = await Fixture(storefronts: Self.storefronts)
        for storefront in Self.storefronts { await fixture.transport.set(storefront, FakeAppStoreTransport.lookup(version: "2.5.0")) }
        var asked: [Set<String>] = []
        for _ in 0..<3 {
            // A minute apart: a sync keeps to the pace the lookups recorded before it used (attack s15, 6).
            fixture.clock.advance(61)
            asked.append(Set(try await Self.otherProcess(fixture).poll(app: "notes", platform: .ios, reset: false, manual: true).answered.keys))
        }
        #expect(asked[0] == Set(Self.storefronts.prefix(20)))
        #expect(asked[1] == Set(Self.storefronts[20..<40]), "not the first 20 again")
        #expect(asked[2] == Set(Self.storefronts[40...]).union(Self.storefronts.prefix(11)), "then the ones asked longest ago")
    }

    @Test("each storefront's row says what it last answered, when, and its own error, not the link's (attack s14, 10)")
    func ownAnswerAndError() async throws {
        let fixture = await Fixture()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0"))
        await fixture.transport.set("jp", .status(503))
        _ = try await fixture.poll()
        let first = fixture.clock.now
        var statuses = try #require(await fixture.status()?.storefronts)
        #expect(statuses["us"] == AppStoreStorefrontStatus(lastPollAt: first, lastAnswerAt: first, lastAnswer: "2.5.0"))
        #expect(statuses["jp"]?.lastAnswerAt == nil && statuses["jp"]?.lastError?.contains("HTTP 503") == true)

        fixture.clock.advance(900)
        await fixture.transport.set("us", .status(500))
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.4.1"))
        _ = try await fixture.poll()
        statuses = try #require(await fixture.status()?.storefronts)
        #expect(statuses["us"]?.lastAnswerAt == first && statuses["us"]?.lastAnswer == "2.5.0" && statuses["us"]?.lastError?.contains("HTTP 500") == true)
        #expect(statuses["jp"] == AppStoreStorefrontStatus(lastPollAt: fixture.clock.now, lastAnswerAt: fixture.clock.now, lastAnswer: "2.4.1"))
    }

    @Test("a storefront that says \"no such app\" 3 times over 6 hours is withdrawn from storefronts in a revision, and returns as a fresh one (attack s14, 8)")
    func missingWithdrawn() async throws {
        let fixture = await Fixture()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0"))
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.4.1"))
        _ = try await fixture.poll()
        await fixture.transport.set("jp", .json(#"{"resultCount":0,"results":[]}"#))
        // Three in an hour: a CDN blip, not a withdrawal.
        for _ in 0..<3 {
            fixture.clock.advance(1200)
            #expect(try await fixture.report().withdrawn.isEmpty)
        }
        #expect(await fixture.published()?.storefronts["jp"] == "2.4.1")
        #expect(await fixture.status()?.storefronts["jp"]?.missingPolls == 3)
        fixture.clock.advance(6 * 3600)
        let revisions = await fixture.revisionCount()
        let report = try await fixture.report()
        #expect(report.withdrawn == ["jp"])
        guard case .published(let policy) = report.outcome else { Issue.record("expected a revision"); return }
        #expect(policy.storefronts == ["us": "2.5.0"] && policy.latest?.version == "2.5.0")
        #expect(await fixture.revisionCount() == revisions + 1)
        let jp = try #require(await fixture.status()?.storefronts["jp"])
        #expect(jp.withdrawnAt == fixture.clock.now && jp.answer { _ in "t" } == "no such app, 4 polls since t; withdrawn from storefronts at t")
        #expect(try await fixture.poll() == .unchanged, "withdrawn once")

        // Back, at a lower version than it served before: a fresh storefront, not a stale answer.
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.4.0"))
        let back = try await fixture.report()
        #expect(back.ignored.isEmpty)
        #expect(await fixture.published()?.storefronts == ["us": "2.5.0", "jp": "2.4.0"])
        #expect(await fixture.status()?.storefronts["jp"]?.withdrawnAt == nil)
    }

    @Test("a withdrawal the guard refused at first is reported as withdrawn by the poll that publishes it (review s15, M9)")
    func refusedWithdrawalReportedWhenPublished() async throws {
        let fixture = await Fixture()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0"))
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.4.1"))
        _ = try await fixture.poll()
        await fixture.transport.set("jp", .json(#"{"resultCount":0,"results":[]}"#))
        for _ in 0..<3 { fixture.clock.advance(1200); _ = try await fixture.poll() }
        fixture.clock.advance(6 * 3600)
        await fixture.publisher.refuse("would block 40 % of installs")
        let refused = try await fixture.report()
        #expect(refused.outcome == .refused("would block 40 % of installs") && refused.withdrawn.isEmpty)
        #expect(await fixture.published()?.storefronts["jp"] == "2.4.1")
        await fixture.publisher.refuse(nil)
        fixture.clock.advance(3600)
        let report = try await fixture.report()
        guard case .published(let policy) = report.outcome else { Issue.record("expected a revision: \(report.outcome)"); return }
        #expect(policy.storefronts == ["us": "2.5.0"])
        #expect(report.withdrawn == ["jp"], "the revision that withdraws it says so")
    }

    @Test("a poll left no lookup by the minute's pace is `paced`, no failure and due again at once; a sync doesn't wait for the pace (attack s14, 9 and 11)")
    func paced() async throws {
        let pollClock = TestPollClock()
        let pacer = AppStoreLookupPacer(clock: pollClock.clock)
        // Another link's poll took the minute's 20 lookups half a minute ago: a poll that waited would ask at 60 s.
        for _ in 0..<20 { _ = try await pacer.reserve(latestStart: .seconds(50), perMinute: 20) }
        pollClock.advance(.seconds(30))
        let fixture = await Fixture()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0"))
        let clock = fixture.clock
        let poller = AppStorePoller(links: fixture.links, lookup: AppStoreLookupClient(transport: fixture.transport), publisher: fixture.publisher,
                                    pacer: pacer, now: { clock.now }, random: { 0.5 })
        let sync = try await poller.poll(app: "notes", platform: .ios, reset: false, manual: true)
        #expect(sync.outcome == .paced && sync.outcome.metricLabel == "paced")
        #expect(sync.errors.isEmpty && sync.notPolled == ["jp", "us"])
        #expect(sync.problems == ["not polled this time (the minute's lookups were spent; the next poll asks them first): jp, us"])
        #expect(pollClock.now == .seconds(30), "the sync answered without waiting for the pace")
        #expect(await fixture.transport.countries.isEmpty)
        let status = try #require(await fixture.status())
        // A sync keeps the link's next poll and error (review s15, M8); its report says it was paced.
        #expect(status.failures == 0 && status.nextPollAt == clock.now && status.lastError == nil)
        // A scheduled poll waits for its turn, within its deadline, and asks them.
        #expect(try await poller.poll(app: "notes", platform: .ios, reset: false).answered.keys.sorted() == ["us"])
        #expect(pollClock.now >= .seconds(60))
    }
}
