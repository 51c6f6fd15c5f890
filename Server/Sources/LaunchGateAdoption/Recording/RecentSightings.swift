import Synchronization

/// The header values written lately, so an install that asks again and again is written once per
/// ``AdoptionConfiguration/rewriteInterval`` instead of on every fold: at a high request rate
/// the same installs fill every fold, and writing them again would only move `lastSeen` by
/// seconds. Keyed by a hash of the value and the UTC day, so each new day writes once more.
///
/// Bounded, and forgets gradually: values go into a current generation of half the capacity;
/// when it is full it becomes the old one (the previous old one is forgotten), and a value found
/// in either is recent. So a full table costs one more write only for the oldest half, never a
/// rewrite of every install at once.
final class RecentSightings: Sendable {
    /// The most values remembered by default (about 8 MiB).
    static let defaultCapacity = 250_000

    private struct Generations {
        var current: [Int: Int64] = [:]
        var old: [Int: Int64] = [:]
    }

    /// Values per generation.
    let generationSize: Int
    private let written = Mutex(Generations())

    /// - Parameter capacity: The most values remembered, over both generations (at least 2).
    init(capacity: Int = RecentSightings.defaultCapacity) {
        generationSize = max(capacity / 2, 1)
    }

    /// The key a value is remembered under on a day.
    package static func key(_ hash: Int, day: Int) -> Int {
        var hasher = Hasher()
        hasher.combine(hash)
        hasher.combine(day)
        return hasher.finalize()
    }

    /// Whether the value was written less than `interval` milliseconds before `now`; if not, it
    /// is remembered as written now (the caller writes it).
    func isRecent(_ hash: Int, day: Int, now: Int64, interval: Int64) -> Bool {
        let key = Self.key(hash, day: day)
        return written.withLock { written in
            if let at = written.current[key] ?? written.old[key], now - at < interval, now >= at { return true }
            if written.current[key] == nil, written.current.count >= generationSize {
                written.old = written.current
                written.current = [:]
                written.current.reserveCapacity(generationSize)
            }
            written.current[key] = now
            return false
        }
    }

    /// Forgets values whose write failed, so the next request that names them is written again
    /// at the next fold rather than after the rewrite interval.
    package func forget(_ keys: [Int]) {
        written.withLock { written in
            for key in keys {
                written.current[key] = nil
                written.old[key] = nil
            }
        }
    }
}
