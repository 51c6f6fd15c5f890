import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

@Suite("The failure budget per client")
struct RateLimiterTests {
    final class Clock: @unchecked Sendable {
        var now = ContinuousClock.now
    }

    @Test("a bucket refills over time")
    func refill() {
        let clock = Clock()
        let limiter = RateLimiter(capacity: 2, perSecond: 1, now: { clock.now })
        #expect(limiter.take(for: "a") == nil)
        #expect(limiter.take(for: "a") == nil)
        #expect(limiter.take(for: "a") == 1)
        #expect(limiter.waitTime(for: "a") == 1)
        #expect(limiter.take(for: "b") == nil)
        clock.now += .seconds(1.5)
        #expect(limiter.waitTime(for: "a") == nil)
        #expect(limiter.take(for: "a") == nil)
    }

    @Test("a refunded token can be taken again, and a client whose bucket is full again is forgotten")
    func refund() {
        let clock = Clock()
        let limiter = RateLimiter(capacity: 2, perSecond: 0.0001, now: { clock.now })
        #expect(limiter.take(for: "a") == nil)
        #expect(limiter.take(for: "a") == nil)
        #expect(limiter.take(for: "a") != nil)
        limiter.refund(for: "a")
        #expect(limiter.take(for: "a") == nil, "the refunded one")
        limiter.refund(for: "a")
        limiter.refund(for: "a")
        #expect(limiter.count == 0, "full again: nothing to remember")
        limiter.refund(for: "unknown")
        #expect(limiter.count == 0, "a refund never adds a client")
    }

    @Test("looking a client up never adds it to the table")
    func lookupsDontGrow() {
        let limiter = RateLimiter(capacity: 2, perSecond: 1)
        for index in 0..<1_000 { _ = limiter.waitTime(for: "client-\(index)") }
        #expect(limiter.count == 0)
    }

    @Test("the table stays bounded under a flood of new clients, and the most suspicious are kept")
    func bounded() {
        let clock = Clock()
        let limiter = RateLimiter(capacity: 3, perSecond: 0.0001, maximumClients: 100, now: { clock.now })
        for _ in 0..<3 { _ = limiter.take(for: "attacker") }
        for index in 0..<10_000 { _ = limiter.take(for: "spray-\(index)") }
        #expect(limiter.count <= 100)
        #expect(limiter.waitTime(for: "attacker") != nil)
    }

    /// Issue 27, item 8: a rate of 1e-20 per second made the wait 1e20 s, and `Int(_:)` trapped on
    /// it ("Double value cannot be converted to Int"), killing the server at the first limited request.
    @Test("a rate so slow that the wait passes Int.max names the longest wait instead of trapping, and a flood past the table still works")
    func tinyRate() {
        let clock = Clock()
        for perSecond in [1e-20, 0, Double.leastNonzeroMagnitude] {
            let limiter = RateLimiter(capacity: 1, perSecond: perSecond, maximumClients: 2, now: { clock.now })
            #expect(limiter.take(for: "a") == nil)
            #expect(limiter.take(for: "a") == Int(RateLimiter.longestWait), "rate \(perSecond)")
            #expect(limiter.waitTime(for: "a") == Int(RateLimiter.longestWait), "rate \(perSecond)")
            for index in 0..<5 { _ = limiter.take(for: "spray-\(index)") }
            #expect(limiter.count <= 2)
        }
        #expect(RateLimiter.wholeSeconds(0.2) == 1 && RateLimiter.wholeSeconds(59.01) == 60 && RateLimiter.wholeSeconds(-.infinity) == Int(RateLimiter.longestWait))
    }
}
