import Foundation
import Synchronization

/// A token bucket per client: `capacity` at once, refilled at `perSecond`.
///
/// The table is bounded: idle clients are forgotten, and when `maximumClients` are all recent
/// the ones with the most budget left (the least suspicious) make room first.
package final class RateLimiter: Sendable {
    private struct Bucket { var tokens: Double; var updated: ContinuousClock.Instant }
    private let buckets = Mutex<[String: Bucket]>([:])
    private let capacity: Double
    private let perSecond: Double
    private let maximumClients: Int
    private let now: @Sendable () -> ContinuousClock.Instant

    package init(capacity: Int, perSecond: Double, maximumClients: Int = 10_000, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.capacity = Double(capacity)
        self.perSecond = perSecond
        self.maximumClients = maximumClients
        self.now = now
    }

    /// Takes a token. - Returns: `nil` when allowed, or the seconds until one is available.
    package func take(for client: String) -> Int? {
        update(client, consume: true)
    }

    /// Whether the client is out of tokens, without taking one. - Returns: the seconds to wait, or `nil`.
    func waitTime(for client: String) -> Int? {
        update(client, consume: false)
    }

    /// Gives back a token taken with ``take(for:)``, up to the capacity: for a budget reserved
    /// before the outcome is known and spent only on some outcomes (failed sign-ins).
    package func refund(for client: String) {
        buckets.withLock { buckets in
            guard var bucket = buckets[client] else { return }
            bucket.tokens += 1
            // A full bucket is what an unknown client gets: nothing to remember.
            buckets[client] = bucket.tokens >= capacity ? nil : bucket
        }
    }

    /// Takes `cost` more tokens from a client after the fact, for work that turned out dearer
    /// than one: the bucket may go below zero (down to minus its capacity), and the client then
    /// waits until it has refilled past one.
    package func charge(for client: String, cost: Double) {
        guard cost > 0 else { return }
        let now = now()
        buckets.withLock { buckets in
            var bucket = buckets[client] ?? Bucket(tokens: capacity, updated: now)
            let elapsed = now - bucket.updated
            bucket.tokens = min(capacity, bucket.tokens + perSecond * (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
            bucket.tokens = max(-capacity, bucket.tokens - cost)
            bucket.updated = now
            // Bounded as take() bounds it: a table at its size makes room before adding.
            if buckets[client] == nil, buckets.count >= maximumClients { return }
            buckets[client] = bucket
        }
    }

    /// How many clients are tracked (for tests).
    package var count: Int { buckets.withLock { $0.count } }

    private func update(_ client: String, consume: Bool) -> Int? {
        let now = now()
        return buckets.withLock { buckets in
            var bucket = buckets[client] ?? Bucket(tokens: capacity, updated: now)
            let elapsed = now - bucket.updated
            bucket.tokens = min(capacity, bucket.tokens + perSecond * (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
            bucket.updated = now
            guard bucket.tokens >= 1 else {
                buckets[client] = bucket
                return Self.wholeSeconds((1 - bucket.tokens) / perSecond)
            }
            // A client that has only looked costs nothing to forget.
            guard consume else { return nil }
            bucket.tokens -= 1
            if buckets[client] == nil, buckets.count >= maximumClients { makeRoom(in: &buckets, now: now) }
            buckets[client] = bucket
            return nil
        }
    }

    /// The longest wait the limiter names, in seconds (about 31 years): a rate so slow that the
    /// wait is longer, or not finite, is answered with this instead of trapping on the conversion.
    static var longestWait: Double { 1e9 }

    /// `seconds` rounded up to whole seconds, at least 1 and at most ``longestWait``. `Int(_:)` traps
    /// on a value past `Int.max` or not finite, which a tiny rate (1e-20 per second) made.
    static func wholeSeconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return Int(longestWait) }
        return Int(min(max(seconds.rounded(.up), 1), longestWait))
    }

    private func makeRoom(in buckets: inout [String: Bucket], now: ContinuousClock.Instant) {
        let refill = Duration.seconds(min(capacity / perSecond, Self.longestWait))
        buckets = buckets.filter { now - $0.value.updated < refill }
        guard buckets.count >= maximumClients else { return }
        let keep = buckets.sorted { $0.value.tokens < $1.value.tokens }.prefix(maximumClients / 2)
        buckets = Dictionary(uniqueKeysWithValues: keep.map { ($0.key, $0.value) })
    }
}
