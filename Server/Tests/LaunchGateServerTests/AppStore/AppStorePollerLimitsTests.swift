import Foundation
import LaunchGate
import Synchronization
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

/// How a poll of many storefronts is bounded: a few lookups at once, paced to Apple's documented
/// rate, a deadline, a stop after timeouts in a row, and the storefronts not reached asked first
/// next time. Time is the test's clock (``TestPollClock``): nothing here waits.
@Suite("A poll of many storefronts asks a few at once, paced, within its deadline, and starts next time where it stopped")
struct AppStorePollerLimitsTests {
    private typealias Fixture = AppStorePollerTests.Fixture

    /// 49 storefronts, as in the attack: "aa" … "bw".
    static let storefronts: [String] = (0..<49).map { index in
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return String([letters[index / 26], letters[index % 26]])
    }

    // MARK: Tests

    @Test("a 49-storefront link against a stalling App Store stops after two timeouts in a row, within the deadline")
    func stallingStops() async throws {
        let fixture = await Fixture(storefronts: Self.storefronts)
        for storefront in Self.storefronts { await fixture.transport.set(storefront, .stall) }
        let report = try await fixture.report()
        let asked = await fixture.transport.countries
        // The first few at once; each timeout short of the limit frees a slot that may start one more
        // before the next timeout ends the round (whether it gets to ask depends on the scheduler).
        let most = AppStorePollerConfiguration().lookupsAtOnce + AppStorePollerConfiguration.timeoutsInARow - 1
        #expect(asked.count <= most, "asked \(asked.count)")
        #expect(report.errors.count >= 2 && report.errors.count + report.notPolled.count == 49)
        #expect(fixture.pollClock.now <= .seconds(60))
        guard case .failed = report.outcome else { Issue.record("expected a failure"); return }
        let status = try #require(await fixture.status())
        #expect(status.failures == 1 && status.lastError?.contains("not polled this time") == true)
    }

    @Test("a poll that reaches its deadline starts no lookup that would end after it")
    func deadline() async throws {
        // One at a time, each stalling storefront followed by one that answers, so the poll never stops for timeouts.
        let configuration = AppStorePollerConfiguration(deadline: .seconds(35), lookupsAtOnce: 1)
        let fixture = await Fixture(storefronts: Self.storefronts, configuration: configuration)
        for (index, storefront) in Self.storefronts.enumerated() {
            await fixture.transport.set(storefront, index.isMultiple(of: 2) ? .stall : FakeAppStoreTransport.lookup(version: "2.5.0"))
        }
        let report = try await fixture.report()
        // Starts at 0, 10, 10, 20, 20 s; the next would start at 30 s and could end at 40 s, past 35 s.
        #expect(await fixture.transport.countries == Array(Self.storefronts.prefix(5)))
        #expect(report.notPolled == Array(Self.storefronts.dropFirst(5)))
        #expect(fixture.pollClock.now <= .seconds(35))
    }

    @Test("a scheduled poll starts at most 15 lookups in a minute (20 less the syncs' quarter); the storefronts left over are polled first next time, and the link isn't backed off")
    func pacedAndResumed() async throws {
        let fixture = await Fixture(storefronts: Self.storefronts)
        for storefront in Self.storefronts { await fixture.transport.set(storefront, FakeAppStoreTransport.lookup(version: "2.5.0")) }
        let first = try await fixture.report()
        #expect(Set(first.answered.keys) == Set(Self.storefronts.prefix(15)))
        #expect(first.notPolled == Array(Self.storefronts.dropFirst(15)))
        #expect(first.problems.last?.contains("the minute's lookups were spent") == true,
                "the reason names the pace, not only the deadline or timeouts (attack s14, 9)")
        guard case .published = first.outcome else { Issue.record("expected what answered published"); return }
        let status = try #require(await fixture.status())
        #expect(status.failures == 0 && status.nextPollAt == fixture.clock.now.addingTimeInterval(900))

        fixture.pollClock.advance(.seconds(15 * 60))
        let second = try await fixture.report()
        #expect(Set(second.answered.keys) == Set(Self.storefronts[15..<30]), "the storefronts not reached come first")
        #expect(await fixture.transport.countries.count == 30)
    }

    @Test("no more than lookupsAtOnce lookups are in flight at once")
    func boundedConcurrency() async throws {
        let transport = GatedTransport()
        let fixture = await Fixture(storefronts: Self.storefronts)
        let poller = AppStorePoller(links: fixture.links, lookup: AppStoreLookupClient(transport: transport), publisher: fixture.publisher,
                                    pacer: AppStoreLookupPacer(clock: fixture.pollClock.clock), now: { Samples.now })
        let poll = Task { try await poller.poll(app: "notes", platform: .ios, reset: false) }
        // Let the poll start all it will; held lookups can't finish, so only the bound stops it.
        for _ in 0..<2000 { await Task.yield() }
        #expect(transport.mostInFlight == 4)
        transport.open()
        #expect(try await poll.value.answered.count == 15, "the polls' share of the minute")
        #expect(transport.mostInFlight == 4)
    }
}

/// A transport that holds every lookup until opened, counting how many wait at once.
private final class GatedTransport: AppStoreHTTPTransport {
    private struct State {
        var inFlight = 0
        var most = 0
        var isOpen = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    var mostInFlight: Int { state.withLock { $0.most } }

    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    func get(_ url: URL, timeout: Duration, maximumBytes: Int) async throws -> AppStoreHTTPResponse {
        await withCheckedContinuation { continuation in
            let resume = state.withLock { state in
                state.inFlight += 1
                state.most = max(state.most, state.inFlight)
                if state.isOpen { return true }
                state.waiting.append(continuation)
                return false
            }
            if resume { continuation.resume() }
        }
        state.withLock { $0.inFlight -= 1 }
        guard case .json(let text) = FakeAppStoreTransport.lookup(version: "2.5.0") else { return AppStoreHTTPResponse(status: 500, body: Data()) }
        return AppStoreHTTPResponse(status: 200, body: Data(text.utf8))
    }
}
