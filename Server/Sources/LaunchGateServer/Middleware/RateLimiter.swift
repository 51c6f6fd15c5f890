import Foundation
import Synchronization

/// A token bucket per client: `capacity` requests at once, refilled at `perSecond`.
final class RateLimiter: Sendable {
    private struct Bucket { var tokens: Double; var updated: ContinuousClock.Instant }
    private let buckets = Mutex<[String: Bucket]>([:])
    private let capacity: Double
    private let perSecond: Double

    init(capacity: Int, perSecond: Double) {
        self.capacity = Double(capacity)
        self.perSecond = perSecond
    }

    /// Takes a token. - Returns: `nil` when allowed, or the seconds until one is available.
    func take(for client: String, now: ContinuousClock.Instant = .now) -> Int? {
        buckets.withLock { buckets in
            // Forget idle clients now and then so the table can't grow without bound.
            if buckets.count > 10_000 { buckets = buckets.filter { now - $0.value.updated < .seconds(capacity / perSecond) } }
            var bucket = buckets[client] ?? Bucket(tokens: capacity, updated: now)
            let elapsed = now - bucket.updated
            bucket.tokens = min(capacity, bucket.tokens + perSecond * (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
            bucket.updated = now
            defer { buckets[client] = bucket }
            guard bucket.tokens >= 1 else { return Int(((1 - bucket.tokens) / perSecond).rounded(.up)) }
            bucket.tokens -= 1
            return nil
        }
    }
}
