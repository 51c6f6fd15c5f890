import Foundation

/// Where console sessions are kept. The table is bounded: anyone who can sign in can add rows,
/// so an insert first drops expired sessions and then the oldest beyond the limit.
public protocol ConsoleSessionRepository: Sendable {
    /// Stores a session, after deleting expired ones (at `now`) and the oldest, so at most
    /// `limit` remain, this one included.
    func insert(_ session: ConsoleSessionRecord, keepingAtMost limit: Int, now: Date) async throws
    /// The session with this hash, expired or not.
    func session(hash: String) async throws -> ConsoleSessionRecord?
    /// Deletes the session with this hash, if there is one.
    func delete(hash: String) async throws
    /// How many sessions are stored.
    func count() async throws -> Int
}
