/// A first-come, first-served lock for async code, used to keep SQLite's single connection to
/// one transaction at a time, and an install recorder's folds to one at a time.
package actor AsyncLock {
    private var locked = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// An unlocked lock.
    package init() {}

    /// Runs `body` once every caller before it has finished, first come, first served.
    package func withLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        guard locked else { locked = true; return }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        if waiters.isEmpty { locked = false } else { waiters.removeFirst().resume() }
    }
}
