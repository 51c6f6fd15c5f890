import Metrics
import Synchronization

/// Runs the part of a console code request that differs between an operator and a stranger (the
/// operator lookup, the code and its mail) after the answer, at most ``capacity`` at once.
///
/// The answer then costs the same for every address, so its timing tells no one which addresses
/// are operators'. Work beyond the capacity is dropped and counted in
/// `launchgate_console_code_sends_dropped_total`: a flood of requests for strangers' addresses
/// can't pile up work, and the answer stays the same (the limits were charged before).
package final class OperatorSendQueue: Sendable {
    private struct State {
        var running = 0
        /// Who waits for ``idle()``.
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// Requests whose work may run or wait at once.
    package let capacity: Int
    /// How long work waits before it starts. Work that starts at once competes with the requests
    /// right after its own (the same client's next steps), which made them measurably slower after
    /// an operator's address (0.13 ms of 1.3 at the median with 20 ms); 200 ms spreads it over
    /// unrelated requests, and a code mailed 200 ms later is no worse.
    let delay: Duration
    private let state = Mutex(State())
    private let dropped: Counter

    /// Creates a queue.
    /// - Parameters:
    ///   - capacity: Requests whose work may run or wait at once; 0 drops every one.
    ///   - delay: How long each work waits before it starts.
    package init(capacity: Int, delay: Duration = .milliseconds(200)) {
        // The composition root bootstraps the metrics system before it makes this (ServerComponents):
        // a counter made before then would count nowhere.
        self.capacity = max(0, capacity)
        self.delay = delay
        self.dropped = Counter(label: "launchgate_console_code_sends_dropped_total")
    }

    /// Starts `work` unless ``capacity`` requests are already running.
    /// - Returns: Whether the work was taken; when not, it was counted as dropped.
    /// Requests waiting or running now.
    package var pending: Int { state.withLock { $0.running } }

    @discardableResult
    package func submit(_ work: @escaping @Sendable () async -> Void) -> Bool {
        let taken = state.withLock { state -> Bool in
            guard state.running < capacity else { return false }
            state.running += 1
            return true
        }
        guard taken else {
            dropped.increment()
            return false
        }
        Task { [self] in
            try? await Task.sleep(for: delay)
            await work()
            finished()
        }
        return true
    }

    /// Returns when no work is running (at once when none is); for tests and shutdown.
    func idle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard state.running > 0 else { return true }
                state.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    private func finished() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running -= 1
            guard state.running == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
