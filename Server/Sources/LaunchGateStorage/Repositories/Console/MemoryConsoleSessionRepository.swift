import Foundation

/// Console sessions in memory, for tests and `--memory` servers.
public actor MemoryConsoleSessionRepository: ConsoleSessionRepository {
    private var sessions: [String: ConsoleSessionRecord] = [:]

    /// Creates an empty repository.
    public init() {}

    public func insert(_ session: ConsoleSessionRecord, keepingAtMost limit: Int, perToken: Int, now: Date) {
        sessions = sessions.filter { $0.value.expiresAt > now }
        trim(tokenID: session.tokenID, keeping: max(perToken - 1, 0))
        trim(tokenID: nil, keeping: max(limit - 1, 0))
        sessions[session.hash] = session
    }

    public func session(hash: String) -> ConsoleSessionRecord? { sessions[hash] }

    public func delete(hash: String) { sessions[hash] = nil }

    public func count() -> Int { sessions.count }

    /// Deletes the oldest sessions (of `tokenID` only, when given) until at most `keeping` are left.
    private func trim(tokenID: String?, keeping: Int) {
        let held = sessions.values.filter { tokenID == nil || $0.tokenID == tokenID }
        for old in held.sorted(by: { ($0.createdAt, $0.hash) < ($1.createdAt, $1.hash) }).prefix(max(held.count - keeping, 0)) {
            sessions[old.hash] = nil
        }
    }
}
