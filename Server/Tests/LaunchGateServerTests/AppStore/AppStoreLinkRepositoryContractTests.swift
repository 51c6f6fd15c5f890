import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

/// One contract for every ``AppStoreLinkRepository``: memory, SQLite and PostgreSQL.
@Suite("App Store link storage keeps one link per app and platform, its floor of served versions, its poll status and each storefront's")
struct AppStoreLinkRepositoryContractTests {
    func withLinks(_ backend: TestBackend, _ body: (any AppStoreLinkRepository) async throws -> Void) async throws {
        try await withPublishing(backend) { _, links in try await body(links) }
    }

    /// The links beside the repository their conditions' publishes go through, with the app "notes".
    func withPublishing(_ backend: TestBackend,
                                _ body: (any LaunchGateRepository, any AppStoreLinkRepository) async throws -> Void) async throws {
        try await backend.withRepository { repository, database in
            try await repository.createApp(Samples.app("notes"))
            try await body(repository, database.map { SQLAppStoreLinkRepository(database: $0) } ?? MemoryAppStoreLinkRepository())
        }
    }

    func link(_ identity: AppStoreIdentity = .bundleID("com.example.notes"), platform: Platform = .ios,
                      storefronts: [String] = ["fr", "jp", "us"], pins: Set<AppStorePin> = [], minute: Double = 0) -> AppStoreLink {
        AppStoreLink(app: "notes", platform: platform, identity: identity, storefronts: storefronts, pins: pins,
                     createdAt: Samples.now.addingTimeInterval(minute * 60))
    }

    // MARK: Tests

    @Test("a saved link is found with its identity, storefronts, pins and a first poll due at once", arguments: TestBackend.available)
    func roundTrip(_ backend: TestBackend) async throws {
        try await withLinks(backend) { links in
            let saved = link(pins: [.notes, .updateURL])
            try await links.save(saved)
            #expect(try await links.find(app: "notes", platform: .ios) == saved)
            #expect(try await links.find(app: "notes", platform: .macos) == nil)
            #expect(try await links.links(app: "notes") == [saved])
            try await links.save(link(.appleID("1234567"), platform: .macos))
            #expect(try await links.find(app: "notes", platform: .macos)?.identity == .appleID("1234567"))
            #expect(try await links.links(app: "notes").map(\.platform) == [.ios, .macos])
        }
    }

    @Test("a recorded poll keeps the served versions and status, the phased release's and the trusted version's included, and only due links are listed",
          arguments: TestBackend.available)
    func recordAndDue(_ backend: TestBackend) async throws {
        try await withLinks(backend) { links in
            try await links.save(link())
            try await links.save(link(platform: .macos, minute: 10))
            let status = AppStoreLinkStatus(lastPollAt: Samples.now, lastSuccessAt: nil, lastError: "us: the lookup timed out", failures: 2,
                                            nextPollAt: Samples.now.addingTimeInterval(3600), phasedRelease: "ACTIVE day 3: 5 %",
                                            ignoredAnswers: [IgnoredAnswer(storefront: "fr", version: "99999999999.0", reason: .implausible(maximumComponent: 99_999)),
                                                             IgnoredAnswer(storefront: "jp", version: "2.2.0", reason: .held(trusted: "2.1.0", jump: .minorFactor(100)))],
                                            trustedVersion: "2.3.0", newestVersion: "2.4.0", newestSince: Samples.now.addingTimeInterval(-60),
                                            newestMinorSince: Samples.now.addingTimeInterval(-7200),
                                            newestRelease: AppStoreNewestRelease(storefront: "us", minimumOS: "16.0", notes: "Faster sync.", corrected: true))
            #expect(try await links.record(link(), served: ["us": "2.4.0", "jp": "2.3.0"], status: status, reset: false))
            let found = try #require(try await links.find(app: "notes", platform: .ios))
            #expect(found.served == ["us": "2.4.0", "jp": "2.3.0"] && found.status == status)
            #expect(try await links.due(at: Samples.now.addingTimeInterval(600), limit: 10).map(\.platform) == [.macos])
            #expect(try await links.due(at: Samples.now.addingTimeInterval(3600), limit: 10).map(\.platform) == [.macos, .ios])
            #expect(try await links.due(at: Samples.now.addingTimeInterval(3600), limit: 1).map(\.platform) == [.macos])
            #expect(try await links.due(at: Samples.now.addingTimeInterval(-1), limit: 10).isEmpty)
        }
    }

    @Test("a publish that carries stillLinked goes through while the link is stored, and is a publish-race, storing nothing, once it is relinked or removed",
          arguments: TestBackend.available)
    func stillLinked(_ backend: TestBackend) async throws {
        try await withPublishing(backend) { repository, links in
            let polled = link()
            try await links.save(polled)
            @Sendable func publish() async throws {
                _ = try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "appstore", note: nil,
                                                 at: Samples.now, expectedRevision: nil, condition: links.stillLinked(polled), events: nil)
            }
            try await publish()
            try await links.save(link(minute: 1))
            let relinked = await #expect(throws: ServiceError.self) { try await publish() }
            #expect(relinked?.code == "publish-race")
            #expect(try await links.remove(app: "notes", platform: .ios))
            let removed = await #expect(throws: ServiceError.self) { try await publish() }
            #expect(removed?.code == "publish-race")
            #expect(try await repository.revisions(appID: "notes", channel: .production).count == 1)
        }
    }

    @Test("a publish that carries removing takes the link with it; one refused by a race or over a relink leaves the link (review s14, L5)",
          arguments: TestBackend.available)
    func removing(_ backend: TestBackend) async throws {
        try await withPublishing(backend) { repository, links in
            let unlinked = link()
            try await links.save(unlinked)
            _ = try await links.record(unlinked, served: ["us": "2.4.0"], status: AppStoreLinkStatus(nextPollAt: Samples.now), reset: false)
            @Sendable func withdraw(expected: Int?, _ link: AppStoreLink) async throws {
                _ = try await repository.publish(appID: "notes", channel: .production, policy: Samples.policy(), author: "appstore", note: nil,
                                                 at: Samples.now, expectedRevision: expected, condition: links.removing(link), events: nil)
            }
            // Another publish came first: nothing is stored, and the link stays as it was, floor included.
            let raced = await #expect(throws: ServiceError.self) { try await withdraw(expected: 3, unlinked) }
            #expect(raced?.code == "publish-race")
            #expect(try await links.find(app: "notes", platform: .ios)?.served == ["us": "2.4.0"])
            // Relinked meanwhile: the new link isn't the one being unlinked, and stays.
            let relinked = link(minute: 1)
            try await links.save(relinked)
            let over = await #expect(throws: ServiceError.self) { try await withdraw(expected: 0, unlinked) }
            #expect(over?.code == "publish-race")
            #expect(try await links.find(app: "notes", platform: .ios)?.isSameLink(as: relinked) == true)
            #expect(try await repository.revisions(appID: "notes", channel: .production).isEmpty)
            // Through: the revision and the removal together.
            try await withdraw(expected: 0, relinked)
            #expect(try await repository.revisions(appID: "notes", channel: .production).count == 1)
            #expect(try await links.find(app: "notes", platform: .ios) == nil)
            if let memory = links as? MemoryAppStoreLinkRepository {
                #expect(await memory.takenCount == 0, "nothing kept to put back once the publish is stored (review s15, M13)")
            }
        }
    }

    @Test("relinking the same app keeps the floor of the storefronts still named; another app starts from none", arguments: TestBackend.available)
    func relink(_ backend: TestBackend) async throws {
        try await withLinks(backend) { links in
            try await links.save(link())
            _ = try await links.record(link(), served: ["us": "2.4.0", "jp": "2.3.0"], status: AppStoreLinkStatus(nextPollAt: Samples.now), reset: false)
            try await links.save(link(storefronts: ["us"], pins: [.latest]))
            #expect(try await links.find(app: "notes", platform: .ios)?.served == ["us": "2.4.0"])
            try await links.save(link(.bundleID("com.example.other"), storefronts: ["us"]))
            #expect(try await links.find(app: "notes", platform: .ios)?.served == [:])
        }
    }

    @Test("relinking the same app keeps the trusted and newest versions; another app starts from none (review s15, M5)", arguments: TestBackend.available)
    func relinkKeepsTrust(_ backend: TestBackend) async throws {
        try await withLinks(backend) { links in
            try await links.save(link())
            let status = AppStoreLinkStatus(nextPollAt: Samples.now, trustedVersion: "2.3.0", newestVersion: "2.4.0",
                                            newestSince: Samples.now.addingTimeInterval(-60), newestMinorSince: Samples.now.addingTimeInterval(-7200),
                                            newestRelease: AppStoreNewestRelease(storefront: "fr", notes: "Synchro plus rapide."))
            #expect(try await links.record(link(), served: ["us": "2.4.0"], status: status, reset: false))
            try await links.save(link(storefronts: ["us"], pins: [.latest]))
            let kept = try #require(try await links.find(app: "notes", platform: .ios)?.status)
            #expect(kept.trustedVersion == "2.3.0" && kept.newestVersion == "2.4.0")
            #expect(kept.newestSince == status.newestSince && kept.newestMinorSince == status.newestMinorSince && kept.newestRelease == status.newestRelease)
            try await links.save(link(.bundleID("com.example.other"), storefronts: ["us"]))
            let fresh = try #require(try await links.find(app: "notes", platform: .ios)?.status)
            #expect(fresh.trustedVersion == nil && fresh.newestVersion == nil && fresh.newestSince == nil && fresh.newestMinorSince == nil && fresh.newestRelease == nil)
        }
    }

    @Test("an unlinked platform is gone, can't be unlinked twice, and takes no poll record", arguments: TestBackend.available)
    func remove(_ backend: TestBackend) async throws {
        try await withLinks(backend) { links in
            try await links.save(link())
            #expect(try await links.remove(app: "notes", platform: .ios))
            #expect(try await links.remove(app: "notes", platform: .ios) == false)
            #expect(try await links.find(app: "notes", platform: .ios) == nil)
            #expect(try await links.record(link(), served: [:], status: AppStoreLinkStatus(nextPollAt: Samples.now), reset: false) == false)
        }
    }

    @Test("a poll that read an older floor (it lost a race) never lowers a storefront's version; a reset does",
          arguments: TestBackend.available)
    func recordKeepsTheHigher(_ backend: TestBackend) async throws {
        try await withLinks(backend) { links in
            try await links.save(link())
            let status = AppStoreLinkStatus(nextPollAt: Samples.now)
            #expect(try await links.record(link(), served: ["us": "2.5.0", "jp": "2.4.0"], status: status, reset: false))
            #expect(try await links.record(link(), served: ["us": "2.4.1", "jp": "2.4.0", "fr": "2.4.0"], status: status, reset: false))
            #expect(try await links.find(app: "notes", platform: .ios)?.served == ["us": "2.5.0", "jp": "2.4.0", "fr": "2.4.0"])
            #expect(try await links.record(link(), served: ["us": "2.4.1"], status: status, reset: true))
            #expect(try await links.find(app: "notes", platform: .ios)?.served == ["us": "2.4.1"])
        }
    }

    @Test("a poll of the link as it was before a relink records nothing: the relinked app doesn't take the old app's floor",
          arguments: TestBackend.available)
    func recordAfterRelink(_ backend: TestBackend) async throws {
        try await withLinks(backend) { links in
            let polled = link()
            try await links.save(polled)
            try await links.save(link(.bundleID("com.example.other"), minute: 1))
            let status = AppStoreLinkStatus(lastPollAt: Samples.now, lastError: "old app's error", nextPollAt: Samples.now.addingTimeInterval(3600))
            #expect(try await links.record(polled, served: ["us": "9.0.0"], status: status, reset: false) == false)
            let stored = try #require(try await links.find(app: "notes", platform: .ios))
            #expect(stored.served == [:] && stored.status.lastError == nil && stored.identity == .bundleID("com.example.other"))
            // A relink to the same app with a new creation time is another link too: its own first poll sets its floor.
            try await links.save(link(minute: 2))
            #expect(try await links.record(link(minute: 1), served: ["us": "9.0.0"], status: status, reset: false) == false)
        }
    }

    @Test("a due link is claimed once: the claim moves its next poll, and a second claim with the time read before fails",
          arguments: TestBackend.available)
    func claim(_ backend: TestBackend) async throws {
        try await withLinks(backend) { links in
            try await links.save(link())
            let read = try #require(try await links.due(at: Samples.now, limit: 10).first)
            let lease = Samples.now.addingTimeInterval(120)
            #expect(try await links.claim(app: "notes", platform: .ios, expected: read.status.nextPollAt, until: lease))
            #expect(try await links.claim(app: "notes", platform: .ios, expected: read.status.nextPollAt, until: lease) == false)
            #expect(try await links.find(app: "notes", platform: .ios)?.status.nextPollAt == lease)
            #expect(try await links.due(at: Samples.now, limit: 10).isEmpty)
            #expect(try await links.claim(app: "notes", platform: .macos, expected: Samples.now, until: lease) == false, "not linked")
        }
    }

    @Test("two pollers on one database that read the same due links poll each of them once", arguments: TestBackend.available)
    func twoPollers(_ backend: TestBackend) async throws {
        try await withLinks(backend) { links in
            try await links.save(link())
            try await links.save(link(platform: .macos))
            // Both pollers read the due links before either claims one: the claim alone decides.
            let shared = BarrierLinks(links, readers: 2)
            let transport = FakeAppStoreTransport()
            for storefront in ["fr", "jp", "us"] { await transport.set(storefront, FakeAppStoreTransport.lookup(version: "2.5.0")) }
            let publisher = FakeAppStorePublisher(Samples.policy())
            func poller() -> AppStorePoller {
                AppStorePoller(links: shared, lookup: AppStoreLookupClient(transport: transport), publisher: publisher, now: { Samples.now })
            }
            async let first = poller().pollDue()
            async let second = poller().pollDue()
            #expect(await first + second == 2)
            #expect(await transport.countries.count == 6, "each link's three storefronts, once")
        }
    }
}
