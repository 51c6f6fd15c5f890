import Synchronization

/// Decides, once, whether an operation waiting for a pooled connection runs or is given up.
///
/// PostgresNIO's pool queues a lease while the server is down and keeps it queued until a
/// connection can be made; its cancellation can't be relied on to end the wait. So a caller is
/// answered from here instead: ``abandon(with:)`` at the deadline, or ``finish(_:)`` with the
/// operation's result. The operation itself asks ``begin()`` before touching the connection, so
/// work that was given up never runs later, when the database is back: a write the client was told
/// failed must not commit behind its back. Work that did begin is always waited for.
final class LeaseGate<Value: Sendable>: Sendable {
    private enum State {
        case waiting, running, done
    }

    private let state = Mutex<State>(.waiting)
    private let continuation: CheckedContinuation<Value, any Error>

    /// - Parameter continuation: The caller's, resumed exactly once.
    package init(_ continuation: CheckedContinuation<Value, any Error>) {
        self.continuation = continuation
    }

    /// Called with the connection in hand. - Returns: `false` if the caller was already answered.
    package func begin() -> Bool {
        state.withLock { state in
            guard state == .waiting else { return false }
            state = .running
            return true
        }
    }

    /// Answers the caller with the operation's outcome, unless it was already answered.
    package func finish(_ result: Result<Value, any Error>) {
        let answer = state.withLock { state in
            defer { state = .done }
            return state != .done
        }
        if answer { continuation.resume(with: result) }
    }

    /// Gives up on an operation that has not begun, answering the caller with `error`.
    /// - Returns: `true` if it was given up; `false` if it had begun or was answered.
    @discardableResult
    package func abandon(with error: any Error) -> Bool {
        let abandoned = state.withLock { state in
            guard state == .waiting else { return false }
            state = .done
            return true
        }
        if abandoned { continuation.resume(throwing: error) }
        return abandoned
    }
}
