import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

@Suite("The trusted version moves only once a storefront has answered the newest version for a day")
struct AppStoreTrustTests {
    typealias Fixture = AppStorePollerTests.Fixture

    // MARK: Tests

    @Test("one lie published, then stale answers for a day, is not trusted: a poll that doesn't answer the newest again restarts its day (review s15, M1)")
    func lieNotTrustedFromTheFloor() async throws {
        let fixture = await Fixture(storefronts: ["us"])
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.10.0"))
        _ = try await fixture.poll()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "7.10.0"))
        guard case .published = try await fixture.poll() else { Issue.record("expected 5 majors up published"); return }
        // The store answers the real version again: stale against the floor, which keeps 7.10.0.
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.10.0"))
        fixture.clock.advance(86_400)
        _ = try await fixture.poll()
        #expect(await fixture.status()?.trustedVersion == "2.4.1", "7.10.0 stood a day only in the floor")
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "7.10.0"))
        _ = try await fixture.poll()
        #expect(await fixture.status()?.trustedVersion == "2.4.1", "its day restarted at the stale answer")
        fixture.clock.advance(86_400)
        _ = try await fixture.poll()
        #expect(await fixture.status()?.trustedVersion == "7.10.0", "answered again a day after the restart")
    }

    @Test("a young version's notes are corrected only by the storefront that gave them: us, fr, fr, us, us publishes the English notes once (review s15, M6)")
    func youngFieldsFromOneStorefront() async throws {
        let fixture = await Fixture(storefronts: ["us", "fr"])
        let english = FakeAppStoreTransport.lookup(version: "2.5.0", notes: "What's new.")
        await fixture.transport.set("us", english)
        await fixture.transport.set("fr", FakeAppStoreTransport.lookup(version: "2.5.0", notes: "Nouveautés."))
        guard case .published = try await fixture.poll() else { Issue.record("expected a publish"); return }
        // us fails twice: fr answers first, twice in a row, in French; then us answers again, twice.
        for answer in [FakeAppStoreTransport.Answer.status(503), .status(503), english, english] {
            await fixture.transport.set("us", answer)
            fixture.clock.advance(300)
            #expect(try await fixture.poll() == .unchanged)
        }
        #expect(await fixture.revisionCount() == 2)
        #expect(await fixture.published()?.latest?.notes == "What's new.")
    }

    private func relink(_ fixture: Fixture, _ identity: AppStoreIdentity, storefronts: [String]) async {
        await fixture.links.save(AppStoreLink(app: "notes", platform: .ios, identity: identity, storefronts: storefronts,
                                              createdAt: Samples.now.addingTimeInterval(60)))
    }

    @Test("a relink adding a storefront doesn't launder the version taken into trust: 12 trusted, 17 taken, relink, 22 held (attack s15, 1)")
    func relinkKeepsTrust() async throws {
        let fixture = await Fixture(storefronts: ["us"])
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "12.0.0"))
        _ = try await fixture.poll(reset: true)
        #expect(await fixture.status()?.trustedVersion == "12.0.0")
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "17.0.0"))
        guard case .published = try await fixture.poll() else { Issue.record("expected 5 majors up taken"); return }
        await relink(fixture, .bundleID("com.example.notes"), storefronts: ["us", "gb"])
        #expect(await fixture.status()?.trustedVersion == "12.0.0", "a relink to the same app keeps its trust (M5)")
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "22.0.0"))
        await fixture.transport.set("gb", FakeAppStoreTransport.lookup(version: "22.0.0"))
        let report = try await fixture.report()
        #expect(report.ignored.waiting.count == 2, "\(report.ignored)")
        #expect(await fixture.published()?.latest?.version == "17.0.0")
        #expect(await fixture.status()?.trustedVersion == "12.0.0")
    }

    @Test("a relink to another bundle whose answers are below the published latest keeps latest and trusts its own version, not the old app's (attack s15, 2)")
    func relinkToAnotherBundle() async throws {
        let fixture = await Fixture(storefronts: ["us"])
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "22.100.7"))
        _ = try await fixture.poll(reset: true)
        await relink(fixture, .bundleID("com.example.other"), storefronts: ["us"])
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "3.0.0", bundleID: "com.example.other"))
        _ = try await fixture.poll()
        #expect(await fixture.published()?.latest?.version == "22.100.7", "latest goes down only with a reset")
        #expect(await fixture.published()?.storefronts == ["us": "3.0.0"])
        #expect(await fixture.status()?.trustedVersion == "3.0.0")
        // It waits for the operator, every poll until the reset: sync's non-zero exit, status and the held gauge (review s15b, N1).
        let report = try await fixture.report()
        #expect(report.implausible.count == 1 && report.implausible.lines[0].hasPrefix("us: 3.0.0 is below the published latest 22.100.7"),
                "\(report.ignored)")
        #expect(await fixture.status()?.ignoredAnswers.waiting.count == 1)
        _ = try await fixture.poll(reset: true)
        #expect(await fixture.published()?.latest?.version == "3.0.0")
        #expect(await fixture.status()?.ignoredAnswers == [])
    }

    @Test("a new version's notes from a later storefront (the first failed) are corrected by the first's answers: fr (us 503), us, us gives English (review s15b, N2)")
    func youngFieldsFromTheFirstStorefront() async throws {
        let fixture = await Fixture(storefronts: ["us", "fr"])
        await fixture.transport.set("us", .status(503))
        await fixture.transport.set("fr", FakeAppStoreTransport.lookup(version: "2.5.0", notes: "Nouveautés."))
        guard case .published = try await fixture.poll() else { Issue.record("expected a publish"); return }
        #expect(await fixture.published()?.latest?.notes == "Nouveautés.")
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0", notes: "What's new."))
        for _ in 0..<2 {
            fixture.clock.advance(300)
            _ = try await fixture.poll()
        }
        #expect(await fixture.published()?.latest?.notes == "What's new.")
    }

    @Test("a higher answer the guard refuses every poll doesn't count as answering the floor's newest: a day of refusals trusts nothing (review s15b, N6)")
    func refusedAnswerDoesNotAnswerTheFloor() async throws {
        let fixture = await Fixture(storefronts: ["us"])
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "7.10.0"))
        guard case .published = try await fixture.poll() else { Issue.record("expected 5 majors up published"); return }
        await fixture.publisher.refuse("would block 40 % of installs")
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "7.11.0"))
        for _ in 0..<3 {
            fixture.clock.advance(43_200)
            #expect(try await fixture.poll() == .refused("would block 40 % of installs"))
        }
        #expect(await fixture.status()?.trustedVersion == "2.4.1", "7.10.0 was answered once, a day and a half ago")
    }

    @Test("the day clock runs per major.minor: a new minor restarts it, so a minor a day isn't trusted at its second poll (review s15b, N5)")
    func dayClockPerMinor() async throws {
        let fixture = await Fixture(storefronts: ["us"])
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "7.0.0"))
        _ = try await fixture.poll(reset: true)
        fixture.clock.advance(86_400)
        _ = try await fixture.poll()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "7.99.0"))
        _ = try await fixture.poll()
        fixture.clock.advance(300)
        _ = try await fixture.poll()
        #expect(await fixture.status()?.trustedVersion == "7.0.0", "7.99 is the newest for 5 minutes")
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "7.99.1"))
        fixture.clock.advance(86_400)
        _ = try await fixture.poll()
        fixture.clock.advance(300)
        _ = try await fixture.poll()
        #expect(await fixture.status()?.trustedVersion == "7.99.1", "a patch doesn't restart 7.99's day")
    }

    @Test("a young version's notes are corrected at most once: A, A, B, B, A, A publishes one correction (attack s15, 7)")
    func youngFieldsCorrectedOnce() async throws {
        let fixture = await Fixture(storefronts: ["us"])
        let (a, b) = (FakeAppStoreTransport.lookup(version: "2.5.0", notes: "node A"), FakeAppStoreTransport.lookup(version: "2.5.0", notes: "node B"))
        for answer in [a, a, b, b, a, a] {
            await fixture.transport.set("us", answer)
            _ = try await fixture.poll()
            fixture.clock.advance(60)
        }
        #expect(await fixture.revisionCount() == 3, "the policy's own, 2.5.0's, and one correction")
        #expect(await fixture.published()?.latest?.notes == "node B")
    }

    @Test("a patch's notes are corrected while the patch is young, though its major has long been the newest: the notes' hour is the version's own (attack s15, 9 and s14, 13)")
    func youngPatchFieldsCorrected() async throws {
        let fixture = await Fixture(storefronts: ["us"])
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0", notes: "2.5.0's notes"))
        _ = try await fixture.poll()
        fixture.clock.advance(2 * 86_400)
        _ = try await fixture.poll()
        #expect(await fixture.status()?.trustedVersion == "2.5.0")
        for notes in ["a wrong node's notes", "2.5.1's notes", "2.5.1's notes"] {
            await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.1", notes: notes))
            fixture.clock.advance(300)
            _ = try await fixture.poll()
        }
        #expect(await fixture.published()?.latest?.notes == "2.5.1's notes", "corrected within 2.5.1's first hour")
    }

    @Test("the day clock measures how long the newest's major.minor has been the newest: daily patches get trusted, a new major restarts it (attack s15, 9)")
    func dayClockPerMajor() async throws {
        let fixture = await Fixture(storefronts: ["us"])
        for patch in 0...3 {
            await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.\(patch)"))
            _ = try await fixture.poll()
            fixture.clock.advance(12 * 3600)
        }
        _ = try await fixture.poll()
        #expect(await fixture.status()?.trustedVersion == "2.5.3", "2.x has been the newest for two days, answered at every poll")
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "3.0.0"))
        _ = try await fixture.poll()
        fixture.clock.advance(12 * 3600)
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "3.0.1"))
        _ = try await fixture.poll()
        fixture.clock.advance(12 * 3600 - 1)
        _ = try await fixture.poll()
        #expect(await fixture.status()?.trustedVersion == "2.5.3", "3.x is the newest for less than a day")
    }

    @Test("status names the major.minor whose day runs, not the major: 2.6.0 is \"2.6 newest since\" (attack s15b, 6); none before a poll")
    func newestLineNamesTheMinor() {
        let status = AppStoreLinkStatus(nextPollAt: Samples.now, newestVersion: "2.6.1", newestSince: Samples.now, newestMinorSince: Samples.now)
        #expect(status.newestMinorLine { _ in "then" } == "2.6.1, 2.6 newest since then")
        #expect(AppStoreLinkStatus(nextPollAt: Samples.now, newestVersion: "3", newestMinorSince: Samples.now).newestMinorLine { _ in "then" }
                == "3, 3.0 newest since then")
        #expect(AppStoreLinkStatus(nextPollAt: Samples.now).newestMinorLine { _ in "then" } == nil)
    }

    @Test("--accept lowers the trust only to the newest served: trusted 3.0.0, us 3.0.0, jp 2.5.0 accepted keeps 3.0.0; 2.5.0 served alone is trusted (review s16, P5)")
    func acceptLowersTrustOnlyToTheNewest() {
        var status = AppStoreLinkStatus(nextPollAt: Samples.now, trustedVersion: "3.0.0", newestVersion: "3.0.0", newestSince: Samples.now,
                                        newestMinorSince: Samples.now)
        AppStoreTrust.advance(&status, served: ["us": "3.0.0", "jp": "2.5.0"], baseline: "3.0.0", answered: true, reset: false, accepted: "2.5.0",
                              at: Samples.now)
        #expect(status.trustedVersion == "3.0.0", "jumps stay measured from 3.0.0, not from jp's older version")
        AppStoreTrust.advance(&status, served: ["us": "3.0.0", "jp": "3.1.0"], baseline: "3.0.0", answered: true, reset: false, accepted: "3.1.0",
                              at: Samples.now)
        #expect(status.trustedVersion == "3.1.0", "accepting a higher version raises it")
        AppStoreTrust.advance(&status, served: ["us": "2.5.0"], baseline: "3.1.0", answered: true, reset: false, accepted: "2.5.0", at: Samples.now)
        #expect(status.trustedVersion == "2.5.0" && status.newestVersion == "2.5.0", "the newest served, below the trust (a relink from a wrong bundle)")
    }
}
