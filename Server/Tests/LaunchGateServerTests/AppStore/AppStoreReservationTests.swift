import Foundation
import LaunchGate
import Synchronization
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

/// What a poll does when storage fails to reserve a lookup's start (review s16, P1), and which
/// moment a reservation that waited for its lock is stored at (review s16, P2).
@Suite("A lookup reservation that fails stops a poll but keeps its answers; a reservation that waited starts from when it got its turn")
struct AppStoreReservationTests {
    /// Lookup starts in memory whose reservations fail once `allowed` have been made, and whose
    /// reservations take `wait` seconds of the wall clock before they read it, as one that waits for a lock.
    actor Starts: AppStoreLookupStartRepository {
        let memory = MemoryAppStoreLookupStartRepository()
        let allowed: Int
        let wait: (@Sendable () -> Void)?
        private var made = 0

        init(allowed: Int = .max, wait: (@Sendable () -> Void)? = nil) { (self.allowed, self.wait) = (allowed, wait) }

        func reserve(now: @escaping @Sendable () -> Date, latest: Date, waits: Bool, limit: Int) async throws -> Date? {
            guard made < allowed else { throw CancellationError() }
            made += 1
            wait?()
            return await memory.reserve(now: now, latest: latest, waits: waits, limit: limit)
        }

        func kept() async -> Int { await memory.kept() }
    }

    private static func poller(_ fixture: AppStorePollerTests.Fixture, starts: Starts) -> AppStorePoller {
        let (clock, pollClock) = (fixture.clock, fixture.pollClock)
        return AppStorePoller(links: fixture.links, lookup: AppStoreLookupClient(transport: fixture.transport), publisher: fixture.publisher,
                              pacer: AppStoreLookupPacer(clock: pollClock.clock, starts: starts,
                                                         now: { Samples.now.addingTimeInterval(Double(pollClock.now.components.seconds)) }),
                              now: { clock.now }, random: { 0.5 })
    }

    @Test("a reservation that fails after lookups started ends the poll as the pace does: their answers are published and recorded, the rest not polled, the error reported",
          arguments: [true, false])
    func failureKeepsAnswers(_ manual: Bool) async throws {
        let storefronts = ["us", "jp", "gb", "fr", "de"]
        let fixture = await AppStorePollerTests.Fixture(storefronts: storefronts)
        for storefront in storefronts { await fixture.transport.set(storefront, FakeAppStoreTransport.lookup(version: "2.5.0")) }
        let report = try await Self.poller(fixture, starts: Starts(allowed: 2)).poll(app: "notes", platform: .ios, reset: false, manual: manual)
        #expect(report.answered.count == 2 && report.notPolled.count == 3, "\(report)")
        #expect(report.errors.contains { $0.hasPrefix("lookup pace:") }, "\(report.errors)")
        #expect(await fixture.published()?.latest?.version == "2.5.0", "the answers in are used: \(report.outcome)")
        let status = try #require(await fixture.status())
        #expect(status.storefronts.values.filter { $0.lastAnswerAt != nil }.count == 2, "and recorded: \(status.storefronts)")
    }

    @Test("a reservation that fails before any lookup started fails the poll with storage's error")
    func failureFirstThrows() async throws {
        let fixture = await AppStorePollerTests.Fixture()
        await #expect(throws: CancellationError.self) {
            try await Self.poller(fixture, starts: Starts(allowed: 0)).poll(app: "notes", platform: .ios, reset: false, manual: true)
        }
        #expect(await fixture.transport.countries.isEmpty)
    }

    @Test("a start reserved after waiting 30 s for the lock is stored at its turn, not 30 s in the past, and the round starts it at once")
    func waitedReservationStartsNow() async throws {
        let pollClock = TestPollClock()
        let starts = Starts(wait: { pollClock.advance(.seconds(30)) })
        let pacer = AppStoreLookupPacer(clock: pollClock.clock, starts: starts,
                                        now: { Samples.now.addingTimeInterval(Double(pollClock.now.components.seconds)) })
        let start = try #require(try await pacer.reserve(latestStart: .seconds(100), perMinute: 20))
        #expect(start == .seconds(30), "on the monotonic clock, after the wait")
        #expect(try await starts.memory.reserve(now: Samples.now.addingTimeInterval(89), latest: Samples.now.addingTimeInterval(89), limit: 1) == nil,
                "the start is at 30 s, so the minute to 89 s is full")
    }
}
