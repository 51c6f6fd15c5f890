import Foundation
import HummingbirdTesting
import LaunchGate
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Twenty revisions of big policies cost half a second and hundreds of kilobytes per history
/// GET, as often as a read token liked: diffs are now computed once, in a bounded cache, and the
/// history pages are limited per session.
@Suite("Console history cost: diffs cached within entry and byte bounds, history pages rate-limited per session")
struct ConsoleHistoryCostTests {
    private func revision(_ number: Int) -> PolicyRevision {
        PolicyRevision(appID: "notes", channel: .production, number: number, document: Data(),
                       issuedAt: Samples.now.addingTimeInterval(Double(number)), author: "a")
    }

    private func lines(_ count: Int, bytes: Int = 10) -> [PolicyDiff.Line] {
        (0..<count).map { _ in PolicyDiff.Line(change: .added, text: String(repeating: "x", count: bytes)) }
    }

    // MARK: Tests

    @Test("a diff is computed once per pair of revisions, and again for another pair")
    func computedOnce() {
        let cache = PolicyDiffCache()
        var computed = 0
        for _ in 0..<3 {
            _ = cache.lines(app: "notes", channel: .production, from: revision(1), to: revision(2)) { computed += 1; return lines(2) }
        }
        #expect(computed == 1)
        _ = cache.lines(app: "notes", channel: .beta, from: revision(1), to: revision(2)) { computed += 1; return lines(2) }
        _ = cache.lines(app: "notes", channel: .production, from: nil, to: revision(1)) { computed += 1; return lines(2) }
        #expect(computed == 3)
    }

    @Test("the cache keeps at most its entries and its bytes, dropping the least recently used, and never keeps a diff bigger than all of it")
    func bounded() {
        let cache = PolicyDiffCache(maximumEntries: 3, maximumBytes: 10 * PolicyDiffCache.cost(of: lines(1)))
        for number in 1...10 {
            _ = cache.lines(app: "notes", channel: .production, from: revision(number), to: revision(number + 1)) { lines(1) }
            #expect(cache.usage.entries <= 3)
        }
        var computed = 0
        _ = cache.lines(app: "notes", channel: .production, from: revision(10), to: revision(11)) { computed += 1; return lines(1) }
        _ = cache.lines(app: "notes", channel: .production, from: revision(1), to: revision(2)) { computed += 1; return lines(1) }
        #expect(computed == 1, "the newest is kept, the oldest was dropped")
        _ = cache.lines(app: "notes", channel: .production, from: revision(20), to: revision(21)) { lines(9) }
        #expect(cache.usage.bytes <= cache.maximumBytes && cache.usage.entries <= 2, "nine lines and one leave room for no third")
        _ = cache.lines(app: "notes", channel: .production, from: revision(30), to: revision(31)) { lines(11) }
        #expect(cache.usage.bytes <= cache.maximumBytes)
        var again = 0
        _ = cache.lines(app: "notes", channel: .production, from: revision(30), to: revision(31)) { again += 1; return lines(11) }
        #expect(again == 1, "a diff bigger than the whole budget is not kept")
    }

    @Test("past the burst of the token signed in with, the history and a revision's page are refused with 429 and Retry-After, in each of its sessions")
    func rateLimited() async throws {
        try await TestServer.with { server in
            try await server.application.test(.live) { client in
                let browser = ConsoleBrowser(client)
                let token = try await server.token(scope: .read)
                try await browser.signIn(token)
                // The budget refills at one every 2 s while these run, so the refusal comes at the 31st or somewhat later.
                var accepted = 0
                var refusal: TestResponse?
                for index in 0..<100 {
                    let path = index % 2 == 0 ? "/console/apps/notes/history?channel=production" : "/console/apps/notes/history/1?channel=production"
                    let response = try await browser.get(path)
                    guard response.status == .ok else {
                        refusal = response
                        break
                    }
                    accepted += 1
                }
                // 30, less the quarter the first page's computed diff cost.
                #expect(accepted >= 29 && accepted < 100, "accepted \(accepted)")
                let refused = try #require(refusal)
                #expect(refused.status == .tooManyRequests && Int(refused.headers[.retryAfter] ?? "") ?? 0 >= 1)
                #expect(refused.text.contains("Too many history pages"))
                // Per token, not per session: a token may hold ten sessions, each a fresh budget before.
                // A fresh budget would take about 30 pages; the shared one has only what refilled
                // (one every 2 s) while this session signed in: fewer than 10 unless that took 18 s.
                let sameToken = ConsoleBrowser(client)
                try await sameToken.signIn(token)
                var acceptedAgain = 0
                while acceptedAgain < 10, try await sameToken.get("/console/apps/notes/history?channel=production").status == .ok {
                    acceptedAgain += 1
                }
                #expect(acceptedAgain < 10, "another session of the same token shares its budget")
                let other = ConsoleBrowser(client)
                try await other.signIn(try await server.token(scope: .read))
                #expect(try await other.get("/console/apps/notes/history?channel=production").status == .ok, "another token has its own budget")
            }
        }
    }

    @Test("work found dearer afterwards is charged: the bucket goes below zero and the client waits until it refills")
    func charged() {
        let clock = ManualInstant()
        let limiter = RateLimiter(capacity: 4, perSecond: 1, now: clock.now)
        #expect(limiter.take(for: "t") == nil)
        limiter.charge(for: "t", cost: 5)
        #expect(limiter.take(for: "t") == 3, "4 - 1 - 5 = -2 tokens: three seconds to one")
        clock.advance(by: .seconds(3))
        #expect(limiter.take(for: "t") == nil)
        limiter.charge(for: "u", cost: 100)
        #expect(limiter.take(for: "u") == 5, "no deeper than minus the capacity")
    }
}

/// A clock the test moves by hand.
private final class ManualInstant: @unchecked Sendable {
    private let lock = NSLock()
    private var current = ContinuousClock.now

    var now: @Sendable () -> ContinuousClock.Instant { { [self] in lock.withLock { current } } }

    func advance(by duration: Duration) { lock.withLock { current += duration } }
}
