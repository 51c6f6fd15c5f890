import Foundation
import LaunchGate
import Synchronization
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("The server's poller publishes through the real publish path: signed revisions with the reason App Store, refusals kept out")
struct GuardedAppStorePublisherTests {
    private func poll(_ server: TestServer, version: String, reset: Bool = false) async throws -> AppStorePollOutcome {
        let transport = FakeAppStoreTransport(["us": FakeAppStoreTransport.lookup(version: version)])
        return try await server.components.appStorePoller(transport: transport, logger: TestBackend.logger)
            .poll(app: "notes", platform: .ios, reset: reset).outcome
    }

    // MARK: Tests

    @Test("a new version is a revision by appstore with the note App Store; a version below required is refused and nothing is published")
    func publishAndRefuse() async throws {
        try await TestServer.with { server in
            try await server.components.appStoreLinkService.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"),
                                                                 storefronts: ["us"])
            guard case .published = try await poll(server, version: "2.5.0") else { Issue.record("expected a publish"); return }
            let history = try await server.components.repository.revisions(appID: "notes", channel: .production)
            let newest = try #require(history.max { $0.number < $1.number })
            #expect(newest.author == "appstore" && newest.note == "App Store")
            let (_, policy) = try await server.components.policies.current(app: "notes", channel: .production)
            #expect(policy.platforms[.ios]?.storefronts == ["us": "2.5.0"] && policy.platforms[.ios]?.latest?.version == "2.5.0")
            #expect(policy.platforms[.android] == Samples.policy().platforms[.android], "other platforms stay as they were")

            // Pulled below the required 2.0.0 (a release taken back, or a lie that parses): the policy would be invalid.
            guard case .refused = try await poll(server, version: "1.0.0", reset: true) else { Issue.record("expected a refusal"); return }
            #expect(try await server.components.repository.revisions(appID: "notes", channel: .production).count == history.count)
            let link = try #require(try await server.components.appStoreLinks.find(app: "notes", platform: .ios))
            #expect(link.status.lastError?.hasPrefix("publish refused") == true && link.served == ["us": "2.5.0"])
        }
    }

    /// Links notes on ios, has the poller take 7.0.0 (within 5 majors of the operator's 2.4.1, never trusted), runs
    /// `meanwhile`, then unlinks and links the same bundle again. `false` when 7.0.0 wasn't taken.
    private func takeSevenAndRelink(_ server: TestServer, meanwhile: () async throws -> Void = {}) async throws -> Bool {
        let service = server.components.appStoreLinkService
        func link() async throws {
            try await service.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us"])
        }
        try await link()
        guard case .published = try await poll(server, version: "7.0.0") else { Issue.record("expected 7.0.0 taken"); return false }
        try await meanwhile()
        try await service.unlink(app: "notes", platform: .ios)
        try await link()
        return true
    }

    @Test("unlink and link of the same bundle measure the first poll from the latest an operator published, not one the poller took untrusted (review s15b, N7)")
    func freshLinkTrustsTheOperatorsLatest() async throws {
        try await TestServer.with { server in
            guard try await takeSevenAndRelink(server, meanwhile: {
                let trusted = try await server.components.appStoreLinks.find(app: "notes", platform: .ios)?.status.trustedVersion
                #expect(trusted == "2.4.1")
            }) else { return }
            #expect(try await poll(server, version: "12.0.0") == .unchanged, "12.0.0 is held: more than 5 majors past 2.4.1, not 7.0.0")
            let status = try #require(try await server.components.appStoreLinks.find(app: "notes", platform: .ios)?.status)
            #expect(status.trustedVersion == "2.4.1" && status.ignoredAnswers.waiting.count == 1, "\(status)")
        }
    }

    @Test("an operator's edit that carries the latest the poller took untrusted doesn't launder it: unlink and link measure from the operator's 2.4.1 (review s16, P3)")
    func operatorEditDoesntLaunder() async throws {
        try await TestServer.with { server in
            guard try await takeSevenAndRelink(server, meanwhile: {
                // The operator edits the notes: the revision is theirs, its latest still the poller's 7.0.0.
                var (_, policy) = try await server.components.policies.current(app: "notes", channel: .production)
                policy.platforms[.ios]?.latest?.notes = "Edited."
                _ = try await server.components.repository.publish(appID: "notes", channel: .production, policy: policy, author: "ops",
                                                                   note: "notes", at: Samples.now, expectedRevision: nil, condition: nil, events: nil)
            }) else { return }
            #expect(try await poll(server, version: "12.0.0") == .unchanged, "12.0.0 is held: more than 5 majors past 2.4.1, not 7.0.0")
            #expect(try await server.components.appStoreLinks.find(app: "notes", platform: .ios)?.status.trustedVersion == "2.4.1")
        }
    }

    @Test("a rollback to a revision the poller wrote, or an operator's edit of another platform, doesn't launder its latest: unlink and link measure from the operator's 2.4.1 (attack s16, 1)")
    func rollbackOrOtherPlatformDoesntLaunder() async throws {
        try await TestServer.with { server in
            guard try await takeSevenAndRelink(server, meanwhile: {
                // The poller moves on to 7.1.0; the operator rolls back to the poller's 7.0.0 revision.
                guard case .published = try await poll(server, version: "7.1.0") else { Issue.record("expected 7.1.0 taken"); return }
                let sevenRevision = try #require(try await server.components.repository.revisions(appID: "notes", channel: .production)
                    .first { (try? UpdatePolicy(json: $0.document))?.platforms[.ios]?.latest?.version == "7.0.0" }?.number)
                _ = try await server.components.adoption.rollback(app: "notes", channel: .production, to: sevenRevision, author: "ops", confirmed: true)
            }) else { return }
            #expect(try await poll(server, version: "12.0.0") == .unchanged, "12.0.0 is held: more than 5 majors past 2.4.1, not 7.0.0")
            #expect(try await server.components.appStoreLinks.find(app: "notes", platform: .ios)?.status.trustedVersion == "2.4.1")
        }
        try await TestServer.with { server in
            guard try await takeSevenAndRelink(server, meanwhile: {
                var (_, policy) = try await server.components.policies.current(app: "notes", channel: .production)
                policy.platforms[.android]?.latest = Release(version: "2.5.0")
                _ = try await server.components.repository.publish(appID: "notes", channel: .production, policy: policy, author: "ops",
                                                                   note: "android", at: Samples.now, expectedRevision: nil, condition: nil, events: nil)
            }) else { return }
            #expect(try await poll(server, version: "12.0.0") == .unchanged, "an Android publish doesn't decide iOS's baseline")
            #expect(try await server.components.appStoreLinks.find(app: "notes", platform: .ios)?.status.trustedVersion == "2.4.1")
        }
    }

    @Test("an app whose iOS latest only the poller ever set: unlink and link measure from no higher than the published latest, so a jump of 6 majors is held, not trusted at once (review s16b, Q1)")
    func noOperatorLatestIsBounded() async throws {
        try await TestServer.with { server in
            // Revision 1 has no iOS latest: every latest in the history is the poller's.
            try await server.components.repository.createApp(Samples.app("bare"))
            var bare = Samples.policy()
            bare.app = "bare"
            bare.platforms[.ios]?.latest = nil
            _ = try await server.components.repository.publish(appID: "bare", channel: .production, policy: bare, author: "ops",
                                                               note: "first", at: Samples.now, expectedRevision: nil, condition: nil, events: nil)
            let service = server.components.appStoreLinkService
            func link() async throws { try await service.link(app: "bare", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us"]) }
            func poll(_ version: String) async throws -> AppStorePollOutcome {
                let transport = FakeAppStoreTransport(["us": FakeAppStoreTransport.lookup(version: version)])
                return try await server.components.appStorePoller(transport: transport, logger: TestBackend.logger)
                    .poll(app: "bare", platform: .ios, reset: false).outcome
            }
            try await link()
            let first = try await poll("2.5.0"), second = try await poll("7.0.0")
            guard case .published = first, case .published = second else {
                Issue.record("expected 2.5.0, then 7.0.0 (5 majors up), taken: \(first), \(second)"); return
            }
            try await service.unlink(app: "bare", platform: .ios)
            try await link()
            #expect(try await poll("13.0.0") == .unchanged, "13.0.0 is held: more than 5 majors past the published 7.0.0")
            #expect(try await server.components.appStoreLinks.find(app: "bare", platform: .ios)?.status.trustedVersion == "7.0.0")
        }
    }

    private func revision(_ number: Int, latest: AppVersion?, poller: Bool = false, garbage: Bool = false) throws -> PolicyRevision {
        var policy = Samples.policy()
        policy.platforms[.ios]?.latest = latest.map { Release(version: $0) }
        return PolicyRevision(appID: "notes", channel: .production, number: number, document: garbage ? Data("{".utf8) : try policy.jsonData(),
                              issuedAt: Samples.now, author: poller ? "appstore" : "ops", note: poller ? AppStorePollerConfiguration.note : nil)
    }

    @Test("the operator's latest: the newest operator revision that changed it; none in the whole history, or an undecodable revision, is not found (the lowest answer), never an error (review s16, P3)")
    func operatorLatestChooses() async throws {
        // 1 operator 2.4.1, 2 poller 7.0.0, 3 operator edit keeping 7.0.0, 4 poller 7.1.0: 3 carried the poller's, 1 chose.
        let carried = [try revision(1, latest: "2.4.1"), try revision(2, latest: "7.0.0", poller: true), try revision(3, latest: "7.0.0"),
                       try revision(4, latest: "7.1.0", poller: true)]
        #expect(try await find(carried).found == .found("2.4.1"))
        // An operator's change of it, across a page boundary: 5 operator 3.0.0 after 4's 7.1.0.
        #expect(try await find(carried + [try revision(5, latest: "3.0.0")]).found == .found("3.0.0"))
        // 5 an operator's rollback to 2's 7.0.0: it changed the latest, but to one the poller published.
        #expect(try await find(carried + [try revision(5, latest: "7.0.0")]).found == .found("2.4.1"))
        var undecodable = carried
        undecodable[0] = try revision(1, latest: nil, garbage: true)
        #expect(try await find(undecodable).found == .notFound, "an undecodable revision falls back, not throws")
    }

    @Test("a search that reads the whole history without an operator's choice finds none (the lowest answer); one cut at 10 pages is beyond reach (the published latest at most, attack s16b, B)")
    func operatorLatestIsBounded() async throws {
        let pollerOnly = (1...30).map { try! revision($0, latest: "7.0.0", poller: true) }
        let exhausted = try await find(pollerOnly)
        #expect(exhausted.found == .notFound && exhausted.pages == 10, "30 revisions in 10 pages of 3: all read, none an operator's")
        let (found, pages) = try await find([try revision(1, latest: "2.4.1")] + (2...40).map { try! revision($0, latest: "7.0.0", poller: true) })
        #expect(found == .beyondReach && pages == 10, "the history read stops at 10 pages, short of the operator's 2.4.1")
        // Within reach, the same operator revision is found.
        #expect(try await find([try revision(1, latest: "2.4.1")] + (2...30).map { try! revision($0, latest: "7.0.0", poller: true) }).found == .found("2.4.1"))
    }

    @Test("500 unrelated operator edits after the poller took 7.0.0 untrusted don't let unlink and link trust 13.0.0 at once: measured from no higher than the published 7.0.0 (attack s16b, B)")
    func editsPastTheSearchDontLaunder() async throws {
        try await TestServer.with { server in
            guard try await takeSevenAndRelink(server, meanwhile: {
                // Operators' edits of the notes, each carrying the poller's 7.0.0: the operator's 2.4.1 drops out of the 500 searched.
                var (_, policy) = try await server.components.policies.current(app: "notes", channel: .production)
                for edit in 1...500 {
                    policy.platforms[.ios]?.latest?.notes = "Edit \(edit)."
                    _ = try await server.components.repository.publish(appID: "notes", channel: .production, policy: policy, author: "ops",
                                                                       note: "notes", at: Samples.now, expectedRevision: nil, condition: nil, events: nil)
                }
            }) else { return }
            #expect(try await poll(server, version: "13.0.0") == .unchanged, "13.0.0 is held: more than 5 majors past 7.0.0")
            let status = try #require(try await server.components.appStoreLinks.find(app: "notes", platform: .ios)?.status)
            #expect(status.trustedVersion != "13.0.0" && status.ignoredAnswers.waiting.count == 1, "\(status)")
        }
    }

    /// The operator's latest in `history`, read in pages of 3, and how many pages were read.
    private func find(_ history: [PolicyRevision]) async throws -> (found: OperatorLatest, pages: Int) {
        let read = Mutex(0)
        let found = try await GuardedAppStorePublisher.operatorLatest(platform: .ios, through: history.count, pageSize: 3) { through, limit in
            read.withLock { $0 += 1 }
            return Array(history.filter { $0.number <= through }.sorted { $0.number > $1.number }.prefix(limit))
        }
        return (found, read.withLock { $0 })
    }
}
