import Synchronization

/// Which warnings about a stored value were already logged, so a value read every poll tick warns
/// once, not on every read (review s16, P7). Bounded: once it holds ``capacity`` keys it starts over,
/// which at worst warns again about a value, never grows without end.
final class OnceWarnings: Sendable {
    /// The keys kept before starting over.
    static let capacity = 1_000

    private let warned = Mutex(Set<String>())

    /// Whether `key` warns now: `true` the first time, `false` after, until the set starts over.
    func first(_ key: String) -> Bool {
        warned.withLock { warned in
            if warned.contains(key) { return false }
            if warned.count >= Self.capacity { warned.removeAll() }
            warned.insert(key)
            return true
        }
    }
}
