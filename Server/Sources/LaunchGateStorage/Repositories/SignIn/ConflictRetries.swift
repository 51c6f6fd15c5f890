import Synchronization

/// How many times a repository ran a send or a verify again after PostgreSQL ended it to resolve a
/// deadlock (``SQLSignInRepository``'s retry, review s9b, K5).
///
/// The retry answers what it absorbs, so answers alone can't tell it from the lock order that
/// avoids the deadlock: a test of the lock order reads this count too (review s10, R6). Shared by
/// every copy of the repository.
package final class ConflictRetries: Sendable {
    private let count = Mutex(0)

    package init() {}

    /// The retries so far.
    package var value: Int { count.withLock { $0 } }

    /// Counts one retry.
    func increment() { count.withLock { $0 += 1 } }
}
