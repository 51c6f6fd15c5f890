import Foundation

/// Where console sessions are kept. The table is bounded: anyone who can sign in can add rows,
/// so an insert first drops expired sessions, then the oldest of the same token beyond its own
/// limit (so one holder signing in again and again pushes out only their own sessions), and
/// then the oldest beyond the table's limit.
public protocol ConsoleSessionRepository: Sendable {
    /// Stores a session, after deleting expired ones (at `now`), then the oldest with the same
    /// `tokenID` so at most `perToken` of its own remain, then the oldest of all so at most
    /// `limit` remain, this one included in both counts.
    func insert(_ session: ConsoleSessionRecord, keepingAtMost limit: Int, perToken: Int, now: Date) async throws
    /// The session with this hash, expired or not.
    func session(hash: String) async throws -> ConsoleSessionRecord?
    /// Deletes the session with this hash, if there is one.
    func delete(hash: String) async throws
    /// How many sessions are stored.
    func count() async throws -> Int
}
