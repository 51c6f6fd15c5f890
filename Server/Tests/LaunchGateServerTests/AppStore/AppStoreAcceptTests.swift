import Foundation
import InMemoryLogging
import LaunchGate
import Logging
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

@Suite("sync --accept VERSION takes a held answer and keeps every floor; a held answer nobody answers for a day expires (attack s15, 4; s15b, 7)")
struct AppStoreAcceptTests {
    typealias Fixture = AppStorePollerTests.Fixture

    private func accept(_ fixture: Fixture, _ version: AppVersion) async throws -> AppStorePollReport {
        try await fixture.poller.poll(app: fixture.app, platform: .ios, reset: false, manual: true, accept: version)
    }

    /// us and jp at 2.4.1 (trusted), then us answers 10.0.0: held, more than 5 majors past 2.4.1.
    private func heldTen(_ fixture: Fixture) async throws {
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.4.1"))
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.4.1"))
        _ = try await fixture.poll()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "10.0.0", notes: "Ten."))
        _ = try await fixture.poll()
        #expect(await fixture.status()?.ignoredAnswers.waiting.count == 1)
    }

    @Test("--accept 10.0.0 publishes and trusts 10.0.0 and keeps jp's floor: jp's stale 2.3.0 stays stale, unlike a reset")
    func acceptKeepsFloors() async throws {
        let fixture = await Fixture()
        try await heldTen(fixture)
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "2.3.0"))
        let report = try await accept(fixture, "10.0.0")
        guard case .published = report.outcome else { Issue.record("expected a publish: \(report)"); return }
        let policy = try #require(await fixture.published())
        #expect(policy.storefronts == ["us": "10.0.0", "jp": "2.4.1"], "jp keeps its floor")
        #expect(policy.latest?.version == "10.0.0" && policy.latest?.notes == "Ten.")
        #expect(report.ignored.lines == ["jp: 2.3.0 is below the 2.4.1 it served before (a stale answer), ignored"])
        let status = try #require(await fixture.status())
        #expect(status.trustedVersion == "10.0.0" && status.newestVersion == "10.0.0")
        #expect(status.ignoredAnswers.waiting.isEmpty, "\(status.ignoredAnswers)")
    }

    @Test("--accept 10 trusts 10.0.0 as the store spells it, not the operator's 10 (attack s16, 6)")
    func acceptTrustsTheStoresSpelling() async throws {
        let fixture = await Fixture()
        try await heldTen(fixture)
        let report = try await accept(fixture, "10")
        guard case .published = report.outcome else { Issue.record("expected a publish: \(report)"); return }
        let status = try #require(await fixture.status())
        #expect(status.trustedVersion?.description == "10.0.0" && status.newestVersion?.description == "10.0.0", "\(status)")
    }

    @Test("--accept of a version no storefront answers changes nothing and says so: appstore-accept-not-answered")
    func acceptNotAnswered() async throws {
        let fixture = await Fixture()
        try await heldTen(fixture)
        let before = await fixture.status()
        let revisions = await fixture.revisionCount()
        let error = await #expect(throws: AppStoreLinkError.self) { try await accept(fixture, "11.0.0") }
        #expect(error?.code == "appstore-accept-not-answered" && error?.kind == .conflict)
        #expect(error?.message.contains("us 10.0.0") == true, "\(error?.message ?? "")")
        #expect(await fixture.revisionCount() == revisions)
        #expect(await fixture.status() == before, "nothing recorded: trust, floors and held answers as they were")
    }

    @Test("--accept of a version below the published latest publishes it as latest and trusts it (a relink from a wrong bundle)")
    func acceptBelowPublished() async throws {
        let fixture = await Fixture(storefronts: ["us"])
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "6.0.0"))
        _ = try await fixture.poll()
        await fixture.links.save(AppStoreLink(app: "notes", platform: .ios, identity: .bundleID("com.example.right"), storefronts: ["us"],
                                              createdAt: Samples.now.addingTimeInterval(60)))
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0", bundleID: "com.example.right"))
        _ = try await fixture.poll()
        #expect(await fixture.published()?.latest?.version == "6.0.0")
        guard case .published = try await accept(fixture, "2.5.0").outcome else { Issue.record("expected a publish"); return }
        #expect(await fixture.published()?.latest?.version == "2.5.0")
        #expect(await fixture.status()?.trustedVersion == "2.5.0")
        #expect(await fixture.status()?.ignoredAnswers == [])
    }

    @Test("a held answer no storefront has answered for 24 hours expires, logged once; answered again, it stays")
    func heldExpires() async throws {
        let log = InMemoryLogHandler()
        let fixture = await Fixture(logger: Logger(label: "launchgate.appstore") { _ in log })
        try await heldTen(fixture)
        // us answers 10.0.0 again 20 hours later: the listing's day starts again.
        fixture.clock.advance(20 * 3600)
        _ = try await fixture.poll()
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.4.1"))
        fixture.clock.advance(20 * 3600)
        _ = try await fixture.poll()
        #expect(await fixture.status()?.ignoredAnswers.waiting.count == 1, "answered 20 hours ago: still held")
        fixture.clock.advance(4 * 3600)
        _ = try await fixture.poll()
        #expect(await fixture.status()?.ignoredAnswers == [], "no storefront answered 10.0.0 for 24 hours")
        _ = try await fixture.poll()
        let expired = log.entries.filter { $0.message.description.contains("held answer expired") }
        #expect(expired.count == 1 && expired.first?.metadata["version"] == "10.0.0", "\(log.entries)")
    }

    @Test("a relink to the same bundle keeps the held answers of the storefronts still linked, and drops the others' (attack s15b, 3)")
    func relinkKeepsHeld() async throws {
        let fixture = await Fixture()
        try await heldTen(fixture)
        await fixture.transport.set("jp", FakeAppStoreTransport.lookup(version: "10.0.0"))
        _ = try await fixture.poll()
        #expect(await fixture.status()?.ignoredAnswers.waiting.count == 2)
        await fixture.links.save(AppStoreLink(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us", "gb"],
                                              createdAt: Samples.now.addingTimeInterval(60)))
        #expect(await fixture.status()?.ignoredAnswers.map(\.storefront) == ["us"])
        await fixture.links.save(AppStoreLink(app: "notes", platform: .ios, identity: .bundleID("com.example.other"), storefronts: ["us"],
                                              createdAt: Samples.now.addingTimeInterval(120)))
        #expect(await fixture.status()?.ignoredAnswers == [], "another app's held answers go with its trust")
    }

    @Test("the held warning names the version the check measured from: the published latest for an answer below it, not the trust (attack s15b, 4)")
    func warningMeasuredFrom() async throws {
        let log = InMemoryLogHandler()
        let fixture = await Fixture(storefronts: ["us"], logger: Logger(label: "launchgate.appstore") { _ in log })
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.4.1"))
        _ = try await fixture.poll()
        // An operator types latest 9.0.0 above the store's.
        var policy = try #require(await fixture.publisher.current(app: fixture.app)?.policy)
        policy.platforms[.ios]?.latest = Release(version: "9.0.0")
        try await fixture.publisher.publish(policy, app: fixture.app, expectedRevision: await fixture.revisionCount(), condition: nil, event: nil)
        await fixture.transport.set("us", FakeAppStoreTransport.lookup(version: "2.5.0"))
        _ = try await fixture.poll()
        let warning = try #require(log.entries.first { $0.level == .warning })
        #expect(warning.metadata["measured_from"] == "9.0.0" && warning.metadata["trusted"] == nil, "\(warning.metadata)")
        #expect(await fixture.status()?.trustedVersion == "2.4.1")
    }
}
