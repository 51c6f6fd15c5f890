import Synchronization

/// The session one console request read, kept for its error page: ``ConsoleMiddleware`` binds
/// a fresh one to the request's task, and ``ConsoleController`` records what it read, so drawing
/// the page's navigation never reads the session again (two more database reads per error,
/// including refusals for too many requests and the storage's own failures).
final class ConsoleRequestSession: Sendable {
    /// The request's, while ``ConsoleMiddleware`` runs its handler.
    @TaskLocal package static var current: ConsoleRequestSession?

    private let state = Mutex<ConsoleSessions.Signed?>(nil)

    /// The session read, if one was (`nil` when nothing was read, or the cookie opens none).
    package var signed: ConsoleSessions.Signed? { state.withLock { $0 } }

    /// Records a session as read.
    package func record(_ signed: ConsoleSessions.Signed?) {
        state.withLock { $0 = signed }
    }
}
