import Synchronization

/// The header values written lately, so an install that asks again and again is written once per
/// ``AdoptionConfiguration/rewriteInterval`` instead of on every fold: at a high request rate
/// the same installs fill every fold, and writing them again would only move `lastSeen` by
/// seconds. Keyed by a hash of the value and the UTC day, so each new day writes once more.
/// Bounded: when full it forgets everything, which costs one more write per install.
final class RecentSightings: Sendable {
    /// The most values remembered (about 8 MiB).
    static let capacity = 250_000

    private let written = Mutex<[Int: Int64]>([:])

    /// Whether the value was written less than `interval` milliseconds before `now`; if not, it
    /// is remembered as written now (the caller writes it).
    func isRecent(_ hash: Int, day: Int, now: Int64, interval: Int64) -> Bool {
        var hasher = Hasher()
        hasher.combine(hash)
        hasher.combine(day)
        let key = hasher.finalize()
        return written.withLock { written in
            if let at = written[key], now - at < interval, now >= at { return true }
            if written.count >= Self.capacity { written.removeAll(keepingCapacity: true) }
            written[key] = now
            return false
        }
    }
}
