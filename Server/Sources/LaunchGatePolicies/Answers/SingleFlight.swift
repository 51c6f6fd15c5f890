import Synchronization

/// Loads in flight by key, so the callers that miss the cache together share one load.
///
/// A change clears the prepared answers, and every connection's next request misses at once: in
/// the soak, 256 requests a publish each read the same rows and built and signed the same
/// document, holding SQLite's one connection (and the next publish) for seconds on a loaded
/// machine, where one load serves them all. A load belongs to the cache generation it began in
/// (``DocumentCache/generation``): a caller of a later generation, which came after a change,
/// starts its own, and never takes an answer read before that change.
///
/// The load runs in a task of its own, to its end even when a caller is cancelled, and its entry
/// goes when it ends, so the table holds at most one entry per key with a load running: no more
/// than the requests in flight.
package final class SingleFlight<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let running = Mutex<[Key: (generation: Int, task: Task<Value, any Error>)]>([:])

    /// Creates a table with no load running.
    package init() {}

    /// The value of the load running for `key` in `generation`, or else of `load`, started now.
    /// A cancelled caller still waits for the load (a task's result ignores cancellation), which
    /// the database's lease timeout bounds.
    /// - Throws: What the load throws, to every caller that shared it.
    package func value(for key: Key, generation: Int, _ load: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let task = running.withLock { running in
            if let flight = running[key], flight.generation == generation { return flight.task }
            let task = Task { try await load() }
            running[key] = (generation, task)
            return task
        }
        let result = await task.result
        running.withLock { if $0[key]?.task == task { $0[key] = nil } }
        return try result.get()
    }

    /// Keys with a load running, for tests.
    var count: Int { running.withLock { $0.count } }
}
