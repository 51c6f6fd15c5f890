import Synchronization

/// Wakes the outbox worker when a message is queued on this instance, so mail leaves at once
/// rather than at the next poll. Other instances' messages are found by polling.
///
/// Not an `AsyncStream`: cancelling the task that iterates one finishes the stream for good, and
/// every later wait would return at once.
public final class OutboxSignal: Sendable {
    private struct State {
        /// A notification no one has waited for yet.
        var pending = false
        /// The one waiting worker.
        var waiter: CheckedContinuation<Void, Never>?
        /// Which wait a timer belongs to, so a late timer never ends a later wait.
        var wait = 0
    }

    private let state = Mutex(State())

    /// Creates a signal; many notifications before a wait count as one.
    public init() {}

    /// Says that mail is waiting.
    public func notify() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Waits for a notification or for `timeout`, whichever comes first.
    package func wait(atMost timeout: Duration) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (wait, replaced) = state.withLock { state -> (Int?, CheckedContinuation<Void, Never>?) in
                if state.pending {
                    state.pending = false
                    return (nil, nil)
                }
                let replaced = state.waiter
                state.wait += 1
                state.waiter = continuation
                return (state.wait, replaced)
            }
            replaced?.resume()
            guard let wait else { return continuation.resume() }
            Task { [self] in
                try? await Task.sleep(for: timeout)
                self.timeOut(wait)
            }
        }
    }

    private func timeOut(_ wait: Int) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.wait == wait, let waiter = state.waiter else { return nil }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }
}
