import Synchronization

/// A gate that holds whoever waits at it until ``open()``; for work that must stay running while
/// a test looks at what happens meanwhile.
final class TestGate: Sendable {
    private struct State {
        var open = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Waits until the gate is open (returns at once when it is).
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let open = state.withLock { state -> Bool in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if open { continuation.resume() }
        }
    }

    /// Whether ``open()`` was called: a flag a task can raise when it is done.
    var isOpen: Bool { state.withLock { $0.open } }

    /// Lets every waiter, present and future, through.
    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// The current value of a counter in the process's metrics, as `/metrics` shows it (0 when unset).
func metricValue(_ text: String, _ name: String) -> Double {
    for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
        return Double(line.split(separator: " ").last ?? "") ?? 0
    }
    return 0
}
