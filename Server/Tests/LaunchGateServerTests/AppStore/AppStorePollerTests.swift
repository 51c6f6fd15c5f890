import Foundation
import LaunchGate
import Logging
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

/// A clock the test moves.
final class PollerClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time = Samples.now
    var now: Date { lock.withLock { time } }
    func advance(_ seconds: TimeInterval) { lock.withLock { time += seconds } }
}

@Suite("The poller publishes what the storefronts serve, records failures in status, and backs off")
struct AppStorePollerTests {
    struct Fixture {
        let pollClock = TestPollClock()
        let transport: FakeAppStoreTransport
        let links = MemoryAppStoreLinkRepository()
        let publisher: FakeAppStorePublisher
        let clock = PollerClock()
        let poller: AppStorePoller
        let app: String

        init(policy: UpdatePolicy? = Samples.policy(), pins: Set<AppStorePin> = [], storefronts: [String] = ["jp", "us"],
             configuration: AppStorePollerConfiguration = AppStorePollerConfiguration(), transport: FakeAppStoreTransport? = nil,
             app: String = "notes", logger: Logger = Logger(label: "launchgate.appstore")) async {
            self.app = app
            self.transport = transport ?? FakeAppStoreTransport(clock: pollClock)
            publisher = FakeAppStorePublisher(policy)
            let clock = clock
            poller = AppStorePoller(links: links, lookup: AppStoreLookupClient(transport: self.transport), publisher: publisher,
                                    configuration: configuration, pacer: AppStoreLookupPacer(clock: pollClock.clock),
                                    now: { clock.now }, random: { 0.5 }, logger: logger)
            await links.save(AppStoreLink(app: app, platform: .ios, identity: .bundleID("com.example.notes"),
                                          storefronts: storefronts, pins: pins, createdAt: Samples.now))
        }

        func poll(reset: Bool = false) async throws -> AppStorePollOutcome { try await report(reset: reset).outcome }
        func report(reset: Bool = false) async throws -> AppStorePollReport { try await poller.poll(app: app, platform: .ios, reset: reset) }
        func status() async -> AppStoreLinkStatus? { await links.find(app: app, platform: .ios)?.status }
        func published() async -> PlatformPolicy? { await publisher.current(app: app)?.policy.platforms[.ios] }
        func revisionCount() async -> Int { await publisher.revisions.count }
    }

    // MARK: Tests

    @Test("a new version in one storefront is published with each storefront's version, once")
    func publishes() async throws {
        let fixture = await Fixture()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0", notes: "Sync."))
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.4.1"))
        guard case .published = try await fixture.poll() else { Issue.record("expected a publish"); return }
        let policy = try #require(await fixture.published())
        #expect(policy.storefronts == ["us": "2.5.0", "jp": "2.4.1"])
        #expect(policy.latest?.version == "2.5.0" && policy.latest?.notes == "Sync.")
        #expect(try await fixture.poll() == .unchanged)
        #expect(await fixture.revisionCount() == 2)
        let status = try #require(await fixture.status())
        #expect(status.lastSuccessAt == Samples.now && status.failures == 0 && status.lastError == nil)
        #expect(status.nextPollAt == Samples.now.addingTimeInterval(900), "15 minutes, with the jitter's middle value")
    }

    @Test("a 503 publishes nothing, shows in status and doubles the wait up to six hours")
    func backoff() async throws {
        let fixture = await Fixture()
        await fixture.transport.set("us", .status(503))
        await fixture.transport.set("jp", .status(503))
        var waits: [TimeInterval] = []
        for _ in 0..<8 {
            guard case .failed = try await fixture.poll() else { Issue.record("expected a failure"); return }
            let status = try #require(await fixture.status())
            waits.append(status.nextPollAt.timeIntervalSince(fixture.clock.now))
        }
        #expect(await fixture.revisionCount() == 1)
        #expect(waits == [1800, 3600, 7200, 14400, 21600, 21600, 21600, 21600])
        let status = try #require(await fixture.status())
        #expect(status.lastError?.contains("HTTP 503") == true && status.failures == 8 && status.lastSuccessAt == nil)
    }

    @Test("a lying answer in one storefront is refused while the other storefront's answer is applied")
    func lyingStorefront() async throws {
        let fixture = await Fixture()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "9.9.9", bundleID: "com.evil.notes"))
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.5.0"))
        let report = try await fixture.report()
        guard case .published = report.outcome else { Issue.record("expected the answer that was true published"); return }
        #expect(report.errors.count == 1 && report.errors[0].contains("com.evil.notes"))
        #expect(report.answered == ["jp": "2.5.0"])
        #expect(await fixture.published()?.storefronts == ["jp": "2.5.0"])
        #expect(await fixture.published()?.latest?.version == "2.5.0")
    }

    @Test("one failing storefront doesn't back the link off: its error stays in status, and the next poll is at the interval")
    func partialFailure() async throws {
        let fixture = await Fixture()
        await fixture.transport.set("us", .status(503))
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.5.0"))
        for _ in 0..<3 {
            let report = try await fixture.report()
            #expect(report.answered == ["jp": "2.5.0"] && report.errors == ["us: the lookup answered HTTP 503"])
            let status = try #require(await fixture.status())
            #expect(status.failures == 0 && status.lastError == "us: the lookup answered HTTP 503")
            #expect(status.nextPollAt == fixture.clock.now.addingTimeInterval(900), "the interval, not a backoff")
            fixture.clock.advance(900)
        }
    }

    @Test("a stale answer after a release doesn't take the version back, until a reset sync")
    func stale() async throws {
        let fixture = await Fixture()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0"))
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.5.0"))
        _ = try await fixture.poll()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.4.1"))
        #expect(try await fixture.poll() == .unchanged)
        #expect(await fixture.published()?.storefronts["us"] == "2.5.0")
        guard case .published = try await fixture.poll(reset: true) else { Issue.record("expected a publish"); return }
        #expect(await fixture.published()?.storefronts == ["us": "2.4.1", "jp": "2.5.0"])
    }

    @Test("pinned latest, notes, minimum OS and store URL stay as published")
    func pinned() async throws {
        let fixture = await Fixture(pins: Set(AppStorePin.allCases))
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0", notes: "Store notes."))
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.5.0"))
        _ = try await fixture.poll()
        var expected = try #require(Samples.policy().platforms[.ios])
        expected.storefronts = ["us": "2.5.0", "jp": "2.5.0"]
        #expect(await fixture.published() == expected)
    }

    @Test("a change the publish guard refuses is recorded in status, not published, and found again next poll")
    func guardRefusal() async throws {
        let fixture = await Fixture()
        await fixture.publisher.refuse("would block 40 % of installs")
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0"))
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.5.0"))
        #expect(try await fixture.poll() == .refused("would block 40 % of installs"))
        #expect(await fixture.revisionCount() == 1)
        let status = try #require(await fixture.status())
        #expect(status.lastError == "publish refused: would block 40 % of installs" && status.failures == 1)
        #expect(status.nextPollAt == Samples.now.addingTimeInterval(1800), "backs off rather than retrying at once")
        await fixture.publisher.refuse(nil)
        guard case .published = try await fixture.poll() else { Issue.record("expected the publish once allowed"); return }
    }

    @Test("when another instance publishes first, this one publishes nothing, keeps the winner's floor, and the next poll finds it done")
    func race() async throws {
        let fixture = await Fixture()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0"))
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.5.0"))
        await fixture.publisher.raceNext { _ = try? await fixture.poll() }
        #expect(try await fixture.poll() == .raced)
        #expect(await fixture.revisionCount() == 2, "the winner's revision only")
        #expect(await fixture.links.find(app: "notes", platform: .ios)?.served == ["us": "2.5.0", "jp": "2.5.0"],
                "the loser read an empty floor and must not write it over the winner's (review s13, G5)")
        // Apple's CDN then serves a stale answer: the winner's floor ignores it.
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.4.1"))
        #expect(try await fixture.poll() == .unchanged)
        #expect(await fixture.published()?.storefronts == ["us": "2.5.0", "jp": "2.5.0"])
        #expect(await fixture.revisionCount() == 2)
    }

    @Test("notes, store URL and minimum OS that CDN answers disagree about for one version publish nothing; a new version brings its own")
    func flappingFields() async throws {
        let fixture = await Fixture()
        for storefront in ["us", "jp"] { await fixture.transport.set(storefront, FakeAppStoreTransport.lookup(version: "2.5.0", notes: "A.")) }
        guard case .published = try await fixture.poll() else { Issue.record("expected a publish"); return }
        for round in 0..<4 {
            let other = round.isMultiple(of: 2)
            await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0", notes: other ? "B." : "A.",
                                                                           url: other ? "https://apps.apple.com/fr/app/id1234567" : "https://apps.apple.com/us/app/notes/id1234567?uo=4",
                                                                           minimumOS: other ? "15.0" : "16.0"))
            await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.5.0", notes: other ? "B." : "A."))
            #expect(try await fixture.poll() == .unchanged)
        }
        #expect(await fixture.revisionCount() == 2)
        let kept = try #require(await fixture.published()?.latest)
        #expect(kept.notes == "A." && kept.minimumOS == "16.0")
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.6.0", notes: "C.", minimumOS: "17.0"))
        guard case .published = try await fixture.poll() else { Issue.record("expected the new version published"); return }
        let brought = try #require(await fixture.published()?.latest)
        #expect(brought.notes == "C." && brought.minimumOS == "17.0")
    }

    @Test("a young version's notes and minimum OS are corrected by two polls that agree, not by one, and not once it is an hour old (attack s14, 13)")
    func youngFieldsCorrected() async throws {
        let fixture = await Fixture(storefronts: ["us"])
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0", notes: "Wrong.", minimumOS: "15.0"))
        guard case .published = try await fixture.poll() else { Issue.record("expected a publish"); return }
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0", notes: "Right.", minimumOS: "16.0"))
        fixture.clock.advance(900)
        #expect(try await fixture.poll() == .unchanged, "one answer doesn't outvote the first")
        fixture.clock.advance(900)
        guard case .published = try await fixture.poll() else { Issue.record("expected the agreeing answers published"); return }
        let corrected = try #require(await fixture.published()?.latest)
        #expect(corrected.notes == "Right." && corrected.minimumOS == "16.0")
        // An hour after 2.5.0 became the newest, its fields are frozen again, agreeing answers or not.
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0", notes: "Later.", minimumOS: "17.0"))
        fixture.clock.advance(3600)
        #expect(try await fixture.poll() == .unchanged)
        #expect(try await fixture.poll() == .unchanged)
        #expect(await fixture.published()?.latest?.notes == "Right.")
    }

    @Test("an absurd version or a far jump is ignored and shown in status; a reset sync accepts the jump, never the absurd one")
    func implausible() async throws {
        let fixture = await Fixture()
        for storefront in ["us", "jp"] { await fixture.transport.set(storefront, FakeAppStoreTransport.lookup(version: "2.5.0")) }
        _ = try await fixture.poll()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "99999999999.0"))
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "9.0.0"))
        #expect(try await fixture.poll() == .unchanged)
        #expect(await fixture.published()?.latest?.version == "2.5.0")
        #expect(await fixture.revisionCount() == 2)
        let ignored = try #require(await fixture.status()?.ignoredAnswers.lines)
        #expect(ignored.count == 2 && ignored[0].hasPrefix("jp: 9.0.0 is held") && ignored[1].hasPrefix("us: 99999999999.0 is implausible"))
        guard case .published = try await fixture.poll(reset: true) else { Issue.record("expected the reset to publish the jump"); return }
        #expect(await fixture.published()?.storefronts == ["us": "2.5.0", "jp": "9.0.0"])
        #expect(await fixture.status()?.ignoredAnswers.count == 1)
    }

    @Test("a chain of jumps is held at the trusted version; a version that stands for a day, or a reset, becomes the new baseline (attack s14, 1)")
    func ratchet() async throws {
        let fixture = await Fixture(storefronts: ["us"])
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.10.0"))
        _ = try await fixture.poll()
        #expect(await fixture.status()?.trustedVersion == "2.4.1", "the operator's published latest, trusted from the first poll")
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "7.10.0"))
        guard case .published = try await fixture.poll() else { Issue.record("expected 5 majors up published"); return }
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "12.0.0"))
        #expect(try await fixture.poll() == .unchanged, "12.0.0 is 5 majors past 7.10.0 but not past the trusted 2.4.1")
        #expect(await fixture.published()?.latest?.version == "7.10.0")
        #expect(await fixture.status()?.ignoredAnswers.lines.first?.hasPrefix("us: 12.0.0 is held") == true)
        // 7.10.0 stands for a day, answered again (review s15, M1): it is trusted, and 12.0.0 is believed.
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "7.10.0"))
        _ = try await fixture.poll()
        fixture.clock.advance(86_400)
        _ = try await fixture.poll()
        #expect(await fixture.status()?.trustedVersion == "7.10.0")
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "12.0.0"))
        guard case .published = try await fixture.poll() else { Issue.record("expected 12.0.0 published"); return }
        // A reset accepts a jump at once and trusts it.
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "30.0.0"))
        guard case .published = try await fixture.poll(reset: true) else { Issue.record("expected the reset to publish"); return }
        #expect(await fixture.status()?.trustedVersion == "30.0.0")
    }

    @Test("an ignored answer stays in status while its storefront doesn't answer, and goes once it answers believably (attack s14, 7)")
    func ignoredUntilAnswered() async throws {
        let fixture = await Fixture()
        for storefront in ["us", "jp"] { await fixture.transport.set(storefront, FakeAppStoreTransport.lookup(version: "2.5.0")) }
        _ = try await fixture.poll()
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.4.0"))
        _ = try await fixture.poll()
        #expect(await fixture.status()?.ignoredAnswers.map(\.storefront) == ["jp"])
        await fixture.transport.set("jp", .status(503))
        _ = try await fixture.poll()
        #expect(await fixture.status()?.ignoredAnswers.lines.first?.hasPrefix("jp: 2.4.0 is below the 2.5.0") == true, "jp didn't answer")
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.5.0"))
        _ = try await fixture.poll()
        #expect(await fixture.status()?.ignoredAnswers == [])
    }

    @Test("only due links are polled")
    func due() async throws {
        let fixture = await Fixture()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0"))
        #expect(await fixture.poller.pollDue() == 1)
        #expect(await fixture.poller.pollDue() == 0)
        fixture.clock.advance(1800)
        #expect(await fixture.poller.pollDue() == 1)
    }
}
