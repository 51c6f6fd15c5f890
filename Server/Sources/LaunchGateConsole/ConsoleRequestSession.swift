import Synchronization

/// The session one console request read, kept for its error page: ``ConsoleMiddleware`` binds
/// a fresh one to the request's task, and ``ConsoleController`` records what it read, so drawing
/// the page's navigation never reads the session again (two more database reads per error,
/// including refusals for too many requests and the storage's own failures).
final class ConsoleRequestSession: Sendable {
    /// What this request learnt about its session.
    enum Read: Sendable {
        /// Nothing was read (the error came first, or the page needs no session).
        case notRead
        /// Read: the session, or `nil` when the cookie opens none.
        case read(ConsoleSessions.Signed?)
    }

    /// The request's, while ``ConsoleMiddleware`` runs its handler.
    @TaskLocal package static var current: ConsoleRequestSession?

    private let state = Mutex<Read>(.notRead)

    /// What was read so far.
    package var read: Read { state.withLock { $0 } }

    /// Records a session as read.
    package func record(_ signed: ConsoleSessions.Signed?) {
        state.withLock { $0 = .read(signed) }
    }
}
