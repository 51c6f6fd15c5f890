import Foundation
import LaunchGate
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

/// One pace over every process: lookup starts reserved in one store (the database's, here its
/// memory stand-in) by pollers and syncs that know nothing else of each other (attack s15b, 1, 2, 9).
@Suite("Pollers and syncs in separate processes keep to one App Store lookup pace, and polls leave syncs a share")
struct AppStorePaceTests {
    @Test("two serve instances' scheduled polls of two links together start 15 lookups in a minute, the polls' share, not 15 each")
    func twoPollersShareThePace() async throws {
        let storefronts = AppStorePollerLimitsTests.storefronts
        let fixture = await AppStorePollerTests.Fixture(storefronts: storefronts)
        for storefront in storefronts { await fixture.transport.set(storefront, FakeAppStoreTransport.lookup(version: "2.5.0")) }
        await fixture.links.save(AppStoreLink(app: "notes", platform: .macos, identity: .bundleID("com.example.notes"),
                                              storefronts: storefronts, createdAt: Samples.now))
        let (clock, pollClock, starts) = (fixture.clock, fixture.pollClock, MemoryAppStoreLookupStartRepository())
        // Two processes at the same moments: one monotonic clock, one store of starts, the wall clock moving with them.
        func instance() -> AppStorePoller {
            AppStorePoller(links: fixture.links, lookup: AppStoreLookupClient(transport: fixture.transport), publisher: fixture.publisher,
                           pacer: AppStoreLookupPacer(clock: pollClock.clock, starts: starts,
                                                      now: { Samples.now.addingTimeInterval(Double(pollClock.now.components.seconds)) }),
                           now: { clock.now }, random: { 0.5 })
        }
        let (first, second) = (instance(), instance())
        async let ios = first.poll(app: "notes", platform: .ios, reset: false)
        async let macos = second.poll(app: "notes", platform: .macos, reset: false)
        let reports = try await [ios, macos]
        #expect(reports.map(\.answered.count).reduce(0, +) == 15 && reports.allSatisfy(\.paced), "\(reports.map(\.answered.count))")
        #expect(await fixture.transport.countries.count == 15)
        #expect(await starts.kept() == 15)
    }

    @Test("processes that share the database's lookup starts keep to one pace: serve's poll takes its share, a sync the rest, another sync none (attack s15b, 1, 2)")
    func processesShareOnePace() async throws {
        let storefronts = AppStorePollerLimitsTests.storefronts
        let fixture = await AppStorePollerTests.Fixture(storefronts: storefronts)
        for storefront in storefronts { await fixture.transport.set(storefront, FakeAppStoreTransport.lookup(version: "2.5.0")) }
        let clock = fixture.clock
        let starts = MemoryAppStoreLookupStartRepository()
        // Each its own process: its own monotonic clock, the one store of starts, the wall clock.
        func process() -> AppStorePoller {
            AppStorePoller(links: fixture.links, lookup: AppStoreLookupClient(transport: fixture.transport), publisher: fixture.publisher,
                           pacer: AppStoreLookupPacer(clock: TestPollClock().clock, starts: starts, now: { clock.now }),
                           now: { clock.now }, random: { 0.5 })
        }
        func sync() async throws -> AppStorePollReport { try await process().poll(app: "notes", platform: .ios, reset: false, manual: true) }
        let poll = try await process().poll(app: "notes", platform: .ios, reset: false)
        #expect(poll.answered.count == 15 && poll.paced, "serve's poll: 20 less the quarter kept for syncs: \(poll)")
        clock.advance(10)
        let first = try await sync()
        #expect(first.answered.count == 5 && first.notPolled.count == 44 && first.paced, "what the minute has left: \(first)")
        let second = try await sync()
        #expect(second.outcome == .paced && second.answered.isEmpty, "the minute is spent: \(second)")
        #expect(await fixture.transport.countries.count == 20)
        clock.advance(61)
        #expect(try await sync().answered.count == 20, "a minute after the last lookup")
    }

    @Test("60 syncs in a row of a 2-storefront link in processes of their own ask 20 lookups, not 120: every ask counts, not each storefront's last (attack s15b, 1)")
    func repeatedSyncsCountEveryLookup() async throws {
        let fixture = await AppStorePollerTests.Fixture()
        for storefront in ["us", "jp"] { await fixture.transport.set(storefront, FakeAppStoreTransport.lookup(version: "2.5.0")) }
        let (clock, starts) = (fixture.clock, MemoryAppStoreLookupStartRepository())
        var paced = 0
        for _ in 0..<60 {
            let poller = AppStorePoller(links: fixture.links, lookup: AppStoreLookupClient(transport: fixture.transport), publisher: fixture.publisher,
                                        pacer: AppStoreLookupPacer(clock: TestPollClock().clock, starts: starts, now: { clock.now }),
                                        now: { clock.now }, random: { 0.5 })
            if try await poller.poll(app: "notes", platform: .ios, reset: false, manual: true).paced { paced += 1 }
            clock.advance(0.08)
        }
        let asked = await fixture.transport.countries.count
        #expect(asked == 20 && paced == 50, "\(asked) lookups, \(paced) paced")
    }

    @Test("a sync finds lookups while scheduled polls keep the pace saturated: polls leave it a quarter of the minute (attack s15b, 9)")
    func syncGetsLookupsBesideBusyPolls() async throws {
        let storefronts = AppStorePollerLimitsTests.storefronts
        let fixture = await AppStorePollerTests.Fixture(storefronts: storefronts)
        for storefront in storefronts { await fixture.transport.set(storefront, FakeAppStoreTransport.lookup(version: "2.5.0")) }
        let (clock, starts, serveClock) = (fixture.clock, MemoryAppStoreLookupStartRepository(), TestPollClock())
        // serve: its wall clock follows its monotonic one, which its waits move on.
        let origin = clock.now
        let serve = AppStorePoller(links: fixture.links, lookup: AppStoreLookupClient(transport: fixture.transport), publisher: fixture.publisher,
                                   pacer: AppStoreLookupPacer(clock: serveClock.clock, starts: starts,
                                                              now: { origin.addingTimeInterval(Double(serveClock.now.components.seconds)) }),
                                   now: { clock.now }, random: { 0.5 })
        for minute in 0..<3 {
            _ = try await serve.poll(app: "notes", platform: .ios, reset: false)
            let now = origin.addingTimeInterval(Double(serveClock.now.components.seconds))
            let sync = AppStorePoller(links: fixture.links, lookup: AppStoreLookupClient(transport: fixture.transport), publisher: fixture.publisher,
                                      pacer: AppStoreLookupPacer(clock: TestPollClock().clock, starts: starts, now: { now }),
                                      now: { clock.now }, random: { 0.5 })
            let report = try await sync.poll(app: "notes", platform: .ios, reset: false, manual: true)
            #expect(report.answered.count == 5, "minute \(minute): the share kept for syncs: \(report)")
            serveClock.advance(.seconds(60))
        }
    }
}
