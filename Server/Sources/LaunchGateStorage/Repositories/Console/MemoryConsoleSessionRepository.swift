import Foundation

/// Console sessions in memory, for tests and `--memory` servers.
public actor MemoryConsoleSessionRepository: ConsoleSessionRepository {
    private var sessions: [String: ConsoleSessionRecord] = [:]

    /// Creates an empty repository.
    public init() {}

    public func insert(_ session: ConsoleSessionRecord, keepingAtMost limit: Int, perToken: Int, now: Date) {
        sessions = sessions.filter { $0.value.expiresAt > now }
        let own = sessions.values.filter { $0.tokenID == session.tokenID }
        for old in own.sorted(by: { ($0.createdAt, $0.hash) < ($1.createdAt, $1.hash) }).prefix(max(own.count - max(perToken - 1, 0), 0)) {
            sessions[old.hash] = nil
        }
        let excess = sessions.count - max(limit - 1, 0)
        if excess > 0 {
            for old in sessions.values.sorted(by: { ($0.createdAt, $0.hash) < ($1.createdAt, $1.hash) }).prefix(excess) {
                sessions[old.hash] = nil
            }
        }
        sessions[session.hash] = session
    }

    public func session(hash: String) -> ConsoleSessionRecord? { sessions[hash] }

    public func delete(hash: String) { sessions[hash] = nil }

    public func count() -> Int { sessions.count }
}
