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
public struct PublishCondition: Sendable {
    private let sql: @Sendable (any SQLDatabase) async throws -> Bool
    private let memory: @Sendable () async throws -> Bool

    /// Creates a condition.
    /// - Parameters:
    ///   - sql: The check on the publish's own transaction.
    ///   - memory: The check for a memory repository.
    public init(sql: @escaping @Sendable (any SQLDatabase) async throws -> Bool, memory: @escaping @Sendable () async throws -> Bool) {
        self.sql = sql
        self.memory = memory
    }

    /// Whether it holds, on `db`, the publish's transaction.
    package func holds(on db: any SQLDatabase) async throws -> Bool { try await sql(db) }

    /// Whether it holds, for a memory repository's publish.
    package func holds() async throws -> Bool { try await memory() }
}
