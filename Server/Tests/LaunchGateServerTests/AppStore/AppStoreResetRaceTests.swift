import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

/// A transport that, at a poll's first lookup, runs `during` (an operator's reset) to its end before answering.
actor InterleavingTransport: AppStoreHTTPTransport {
    let inner: FakeAppStoreTransport
    private var during: (@Sendable () async throws -> Void)?

    init(_ inner: FakeAppStoreTransport) { self.inner = inner }

    func interleave(_ body: @escaping @Sendable () async throws -> Void) { during = body }

    func get(_ url: URL, timeout: Duration, maximumBytes: Int) async throws -> AppStoreHTTPResponse {
        if let body = during {
            during = nil
            try await body()
        }
        return try await inner.get(url, timeout: timeout, maximumBytes: maximumBytes)
    }
}

@Suite("A poll racing an operator's reset leaves the reset standing (attack s16b, A)")
struct AppStoreResetRaceTests {
    @Test("a poll that read the link before a reset recorded ends raced: nothing published or recorded over the reset's lower versions and trust")
    func pollAfterResetIsRaced() async throws {
        let pollClock = TestPollClock()
        let fake = FakeAppStoreTransport(clock: pollClock)
        let transport = InterleavingTransport(fake)
        let links = MemoryAppStoreLinkRepository()
        let publisher = FakeAppStorePublisher(Samples.policy())
        let poller = AppStorePoller(links: links, lookup: AppStoreLookupClient(transport: transport), publisher: publisher,
                                    pacer: AppStoreLookupPacer(clock: pollClock.clock), now: { Samples.now }, random: { 0.5 })
        await links.save(AppStoreLink(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us"], createdAt: Samples.now))
        await fake.set("us", FakeAppStoreTransport.lookup(version: "2.6.0"))
        _ = try await poller.poll(app: "notes", platform: .ios, reset: true)
        #expect(await links.find(app: "notes", platform: .ios)?.status.trustedVersion == "2.6.0")
        // 2.6.0 is pulled: the store serves 2.5.0 again, and the operator resets while a poll is looking up.
        await fake.set("us", FakeAppStoreTransport.lookup(version: "2.5.0"))
        await transport.interleave {
            guard case .published = try await poller.poll(app: "notes", platform: .ios, reset: true).outcome else {
                Issue.record("expected the reset published")
                return
            }
        }
        let racing = try await poller.poll(app: "notes", platform: .ios, reset: false)
        #expect(racing.outcome == .raced, "the poll read 2.6.0's floor before the reset: \(racing.outcome)")
        #expect(await publisher.current(app: "notes")?.policy.platforms[.ios]?.storefronts == ["us": "2.5.0"], "the reset's revision stands")
        let link = try #require(await links.find(app: "notes", platform: .ios))
        #expect(link.served == ["us": "2.5.0"] && link.status.trustedVersion == "2.5.0", "the reset's floor and trust stand")
        // The next poll reads the reset and finds 2.5.0 current.
        #expect(try await poller.poll(app: "notes", platform: .ios, reset: false).outcome == .unchanged)
    }

    @Test("a reset's floor and generation are stored with its publish, so a poll that reads the link before the reset records reads the reset (review s16b, Q3)")
    func resetFloorStoredWithPublish() async throws {
        let pollClock = TestPollClock()
        let fake = FakeAppStoreTransport(clock: pollClock)
        let links = MemoryAppStoreLinkRepository()
        let publisher = FakeAppStorePublisher(Samples.policy())
        let poller = AppStorePoller(links: links, lookup: AppStoreLookupClient(transport: fake), publisher: publisher,
                                    pacer: AppStoreLookupPacer(clock: pollClock.clock), now: { Samples.now }, random: { 0.5 })
        await links.save(AppStoreLink(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us"], createdAt: Samples.now))
        await fake.set("us", FakeAppStoreTransport.lookup(version: "2.6.0"))
        _ = try await poller.poll(app: "notes", platform: .ios, reset: true)
        let before = try #require(await links.find(app: "notes", platform: .ios))
        await fake.set("us", FakeAppStoreTransport.lookup(version: "2.5.0"))
        await publisher.afterNextPublish {
            let between = await links.find(app: "notes", platform: .ios)
            #expect(between?.served == ["us": "2.5.0"], "the reset's floor is stored with its publish")
            #expect(between?.resetGeneration == before.resetGeneration + 1)
        }
        #expect(try await poller.poll(app: "notes", platform: .ios, reset: true).outcome.accepts)
        let after = try #require(await links.find(app: "notes", platform: .ios))
        #expect(after.served == ["us": "2.5.0"] && after.status.trustedVersion == "2.5.0", "the reset then records as the link it stored")
    }

    @Test("a reset the guard refused is recorded as a plain poll: the generation, the floor and the trust stay (review s16b, Q4)")
    func refusedResetIsPlainPoll() async throws {
        let pollClock = TestPollClock()
        let fake = FakeAppStoreTransport(clock: pollClock)
        let links = MemoryAppStoreLinkRepository()
        let publisher = FakeAppStorePublisher(Samples.policy())
        let poller = AppStorePoller(links: links, lookup: AppStoreLookupClient(transport: fake), publisher: publisher,
                                    pacer: AppStoreLookupPacer(clock: pollClock.clock), now: { Samples.now }, random: { 0.5 })
        await links.save(AppStoreLink(app: "notes", platform: .ios, identity: .bundleID("com.example.notes"), storefronts: ["us"], createdAt: Samples.now))
        await fake.set("us", FakeAppStoreTransport.lookup(version: "2.6.0"))
        _ = try await poller.poll(app: "notes", platform: .ios, reset: true)
        let before = try #require(await links.find(app: "notes", platform: .ios))
        await fake.set("us", FakeAppStoreTransport.lookup(version: "2.5.0"))
        await publisher.refuse("a lower latest needs an operator")
        let report = try await poller.poll(app: "notes", platform: .ios, reset: true)
        guard case .refused = report.outcome else {
            Issue.record("expected the reset refused: \(report.outcome)")
            return
        }
        let after = try #require(await links.find(app: "notes", platform: .ios))
        #expect(after.resetGeneration == before.resetGeneration, "a refused reset lowered nothing, so counts none")
        #expect(after.served == ["us": "2.6.0"] && after.status.trustedVersion == "2.6.0")
    }
}
