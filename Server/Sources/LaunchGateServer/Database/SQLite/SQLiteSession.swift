import Logging
import NIOCore
import SQLKit
import SQLiteKit

/// SQLKit's view of ``SQLiteHandle``: statements built with SQLKit run synchronously on the
/// calling thread, which ``Database`` makes its SQLite thread.
struct SQLiteSession: SQLDatabase {
    let handle: SQLiteHandle
    /// The operation it was made for (``SQLiteHandle/lease``).
    let lease: UInt64
    let logger: Logger
    let eventLoop: any EventLoop
    var dialect: any SQLDialect { SQLiteDialect() }
    var queryLogLevel: Logger.Level? { .trace }
    private static let encoder = SQLiteDataEncoder()

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeCompletedFuture { try run(query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try run(query, onRow)
    }

    private func run(_ query: any SQLExpression, _ onRow: (any SQLRow) -> Void) throws {
        let (sql, binds) = serialize(query)
        logger.trace("SQLite statement", metadata: ["sql": "\(sql)"])
        try handle.run(sql, try binds.map { try Self.encoder.encode($0) }, lease: lease) { onRow($0) }
    }
}
