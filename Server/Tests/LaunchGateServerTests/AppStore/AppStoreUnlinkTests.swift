import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateServer
@testable import LaunchGateStorage

@Suite("Unlinking withdraws the per-storefront versions through the publish guard, or keeps the link and says why")
struct AppStoreUnlinkTests {
    // MARK: Tests

    @Test("unlink publishes a revision by appstore with the note App Store and no storefronts; the rest stays (review s13, G12)")
    func withdraws() async throws {
        try await TestServer.with { server in
            try await server.components.appStoreLinkService.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"),
                                                                 storefronts: ["us"])
            let transport = FakeAppStoreTransport(["us": FakeAppStoreTransport.lookup(version: "2.5.0")])
            guard case .published = try await server.components.appStorePoller(transport: transport, logger: TestBackend.logger)
                .poll(app: "notes", platform: .ios, reset: false).outcome else { Issue.record("expected a publish"); return }
            let before = try await server.components.repository.revisions(appID: "notes", channel: .production).count

            #expect(try await server.components.appStoreLinkService.unlink(app: "notes", platform: .ios), "says it withdrew them")
            let history = try await server.components.repository.revisions(appID: "notes", channel: .production)
            let newest = try #require(history.max { $0.number < $1.number })
            #expect(history.count == before + 1 && newest.author == "appstore" && newest.note == "App Store")
            let (_, policy) = try await server.components.policies.current(app: "notes", channel: .production)
            #expect(policy.platforms[.ios]?.storefronts == [:] && policy.platforms[.ios]?.latest?.version == "2.5.0")
            #expect(try await server.components.appStoreLinks.find(app: "notes", platform: .ios) == nil)
        }
    }

    @Test("unlinking a link that never published storefronts removes it, publishes nothing, and says it withdrew none (attack s15b, 8)")
    func withdrawsNoneWhenNonePublished() async throws {
        try await TestServer.with { server in
            try await server.components.appStoreLinkService.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"),
                                                                 storefronts: ["us"])
            let before = try await server.components.repository.revisions(appID: "notes", channel: .production).count
            #expect(try await server.components.appStoreLinkService.unlink(app: "notes", platform: .ios) == false)
            #expect(try await server.components.repository.revisions(appID: "notes", channel: .production).count == before)
            #expect(try await server.components.appStoreLinks.find(app: "notes", platform: .ios) == nil)
        }
    }

    @Test("a poll that read the link before an unlink and publishes after its withdrawal publishes nothing: no frozen storefronts (review s14, K3)",
          arguments: TestBackend.available)
    func pollAcrossTheUnlink(_ backend: TestBackend) async throws {
        try await TestServer.with(backend) { server in
            let components = server.components
            try await components.appStoreLinkService.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us"])
            let first = FakeAppStoreTransport(["us": FakeAppStoreTransport.lookup(version: "2.5.0")])
            guard case .published = try await components.appStorePoller(transport: first, logger: TestBackend.logger)
                .poll(app: "notes", platform: .ios, reset: false).outcome else { Issue.record("expected a publish"); return }

            // A poll that has read the link and its answer (2.6.0), parked before it reads the policy.
            let guarded = GuardedAppStorePublisher(policies: components.policies, adoption: components.adoption)
            let parking = ParkingAppStorePublisher(guarded)
            let poller = AppStorePoller(links: components.appStoreLinks,
                                        lookup: AppStoreLookupClient(transport: FakeAppStoreTransport(["us": FakeAppStoreTransport.lookup(version: "2.6.0")])),
                                        publisher: parking, now: components.now, logger: TestBackend.logger)
            let poll = Task { try await poller.poll(app: "notes", platform: .ios, reset: false).outcome }
            await parking.untilParked()

            // The unlink lets it go on right after its withdrawal has committed, and waits for it.
            let unlinking = ParkingAppStorePublisher(guarded, parks: false)
            await unlinking.afterNextPublish {
                await parking.open()
                _ = try? await poll.value
            }
            try await AppStoreLinkService(links: components.appStoreLinks, policies: components.policies, publisher: unlinking)
                .unlink(app: "notes", platform: .ios)

            #expect(try await poll.value == .raced, "the link it polled is gone")
            let (_, policy) = try await components.policies.current(app: "notes", channel: .production)
            #expect(policy.platforms[.ios]?.storefronts == [:], "withdrawn, and not published again")
            #expect(try await components.appStoreLinks.find(app: "notes", platform: .ios) == nil)
        }
    }

    @Test("a withdrawal the guard refuses leaves the link in place and says why, as a conflict")
    func refused() async throws {
        try await TestServer.with { server in
            var policy = Samples.policy()
            policy.platforms[.ios]?.storefronts = ["us": "2.4.1"]
            let publisher = FakeAppStorePublisher(policy)
            await publisher.refuse("would block 40 % of installs")
            let service = AppStoreLinkService(links: server.components.appStoreLinks, policies: server.components.policies, publisher: publisher)
            try await service.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us"])
            let error = await #expect(throws: AppStoreLinkError.self) { try await service.unlink(app: "notes", platform: .ios) }
            #expect(error?.code == "appstore-unlink-refused" && error?.kind == .conflict && error?.message.contains("40 %") == true)
            #expect(try await server.components.appStoreLinks.find(app: "notes", platform: .ios) != nil)
            #expect(await publisher.revisions.count == 1)

            // Nothing to withdraw: the unlink doesn't publish at all.
            await publisher.refuse(nil)
            let bare = FakeAppStorePublisher(Samples.policy())
            let plain = AppStoreLinkService(links: server.components.appStoreLinks, policies: server.components.policies, publisher: bare)
            try await plain.unlink(app: "notes", platform: .ios)
            #expect(await bare.revisions.count == 1)
            #expect(try await server.components.appStoreLinks.find(app: "notes", platform: .ios) == nil, "just removed")
        }
    }

    @Test("an unlink that read no storefronts while a poll published some keeps the link and withdraws them; stopped before, it leaves the link to withdraw them: none left frozen with no link (review s15, M11)",
          arguments: [false, true])
    func pollPublishedAfterTheRead(stops: Bool) async throws {
        try await TestServer.with { server in
            var withdrawn = Samples.policy()
            withdrawn.platforms[.ios]?.storefronts = [:]
            var polled = withdrawn
            polled.platforms[.ios]?.storefronts = ["us": "2.4.1"]
            let inner = FakeAppStorePublisher(withdrawn)
            try await inner.publish(polled, app: "notes", expectedRevision: 1, condition: nil, event: nil)
            let links = server.components.appStoreLinks
            let service = AppStoreLinkService(links: links, policies: server.components.policies,
                                              publisher: StaleReadAppStorePublisher(inner, first: (1, withdrawn), thenStops: stops))
            try await service.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us"])
            guard !stops else {
                // As a crash would stop it, right after its first turn: the link was never removed.
                await #expect(throws: StaleReadAppStorePublisher.Stopped.self) { try await service.unlink(app: "notes", platform: .ios) }
                #expect(try await links.find(app: "notes", platform: .ios) != nil, "the poll's storefronts still have their link")
                #expect(await inner.revisions.count == 2)
                return
            }
            #expect(try await service.unlink(app: "notes", platform: .ios), "the poll's storefronts were withdrawn, and it says so")
            let revisions = await inner.revisions
            #expect(revisions.count == 3 && revisions.last?.platforms[.ios]?.storefronts == [:], "the poll's storefronts withdrawn")
            #expect(try await links.find(app: "notes", platform: .ios) == nil)
        }
    }

    @Test("a withdrawal that loses a race leaves the link until the retry's withdrawal, which removes it with the revision (review s14, L5)",
          arguments: TestBackend.available)
    func racedThenWithdrawn(_ backend: TestBackend) async throws {
        try await TestServer.with(backend) { server in
            var policy = Samples.policy()
            policy.platforms[.ios]?.storefronts = ["us": "2.4.1"]
            let publisher = FakeAppStorePublisher(policy)
            let links = server.components.appStoreLinks
            let service = AppStoreLinkService(links: links, policies: server.components.policies, publisher: publisher)
            try await service.link(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us"])
            await publisher.raceNext { #expect((try? await links.find(app: "notes", platform: .ios)) ?? nil != nil, "not removed before the publish") }
            try await service.unlink(app: "notes", platform: .ios)
            let revisions = await publisher.revisions
            #expect(revisions.count == 2 && revisions.last?.platforms[.ios]?.storefronts == [:])
            #expect(try await links.find(app: "notes", platform: .ios) == nil)
        }
    }
}
