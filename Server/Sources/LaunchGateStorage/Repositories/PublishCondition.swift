import SQLKit

/// A condition a publish checks inside its own transaction, before it writes the revision: when
/// it no longer holds, the publish stores nothing and throws ``ServiceError`` `publish-race`. The
/// App Store poller's publish holds only while the link it polled is still linked, so an unlink
/// that withdraws the storefronts can't have them published again by a poll that read the link
/// first (review s14, K3).
///
/// An SQL repository checks ``holds(on:)`` on the publish's transaction, where a row lock or
/// SQLite's writer lock keeps the answer true until the commit; a memory repository, which has
/// no transactions, asks ``holds()`` just before its change, with a suspension in between.
///
/// A condition may also act, as an unlink's does: it removes the link in the publish's
/// transaction, so the withdrawal and the removal commit together or not at all (review s14, L5).
/// A memory repository, which can't roll back, calls ``undo()`` when the publish fails after the
/// condition held.
public struct PublishCondition: Sendable {
    private let sql: @Sendable (any SQLDatabase) async throws -> Bool
    private let memory: @Sendable () async throws -> Bool
    private let undoMemory: @Sendable () async -> Void
    private let committedMemory: @Sendable () async -> Void

    /// Creates a condition.
    /// - Parameters:
    ///   - sql: The check on the publish's own transaction.
    ///   - memory: The check for a memory repository.
    ///   - undo: Undoes what `memory` did, for a memory publish that fails after it held; nothing by default.
    ///   - committed: Forgets what `undo` would need, once the memory publish it allowed is stored; nothing by default.
    public init(sql: @escaping @Sendable (any SQLDatabase) async throws -> Bool, memory: @escaping @Sendable () async throws -> Bool,
                undo: @escaping @Sendable () async -> Void = {}, committed: @escaping @Sendable () async -> Void = {}) {
        self.sql = sql
        self.memory = memory
        self.undoMemory = undo
        self.committedMemory = committed
    }

    /// Whether it holds, on `db`, the publish's transaction.
    package func holds(on db: any SQLDatabase) async throws -> Bool { try await sql(db) }

    /// Whether it holds, for a memory repository's publish.
    package func holds() async throws -> Bool { try await memory() }

    /// Undoes what ``holds()`` did, when the memory publish it allowed failed after all.
    package func undo() async { await undoMemory() }

    /// Says the memory publish it allowed was stored: nothing is left to undo.
    package func committed() async { await committedMemory() }
}
