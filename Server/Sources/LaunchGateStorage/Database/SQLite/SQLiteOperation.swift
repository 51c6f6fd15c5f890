import Synchronization

/// One operation's hold on a SQLite connection: its statements run while it is active, and fail
/// before they start once it has ended or its time limit has passed.
///
/// A session (``SQLiteSession``) kept past its operation, by a task or a returned value, would
/// otherwise run its statements in the middle of the next operation's transaction.
final class SQLiteOperation: Sendable {
    private enum State {
        case active, expired, ended
    }

    private let state = Mutex(State.active)

    /// - Throws: ``SQLiteOperationError`` when the operation has ended or run out of time.
    func requireActive() throws {
        switch state.withLock({ $0 }) {
        case .active: return
        case .expired: throw SQLiteOperationError.expired
        case .ended: throw SQLiteOperationError.ended
        }
    }

    /// Marks the time limit as passed. - Returns: `true` if the operation was still active.
    @discardableResult
    func expire() -> Bool {
        state.withLock { state in
            guard state == .active else { return false }
            state = .expired
            return true
        }
    }

    /// Marks the operation as over; its sessions refuse every later statement.
    package func end() {
        state.withLock { $0 = .ended }
    }
}

/// Why a statement was refused before it reached SQLite.
enum SQLiteOperationError: Error, CustomStringConvertible {
    /// The operation's time limit passed.
    case expired
    /// The session was used after its operation ended.
    case ended

    package var description: String {
        switch self {
        case .expired: "the operation ran past its time limit"
        case .ended: "a database session was used outside the operation it was made for"
        }
    }
}
