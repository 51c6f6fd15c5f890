import Logging
import NIOCore
import SQLKit
import Synchronization

/// How many statements a ``Database`` has sent: each one a round trip to PostgreSQL, or a hop to
/// SQLite's thread. Tests read it to hold sign-in's steps to the round trips they are written for.
final class StatementTally: Sendable {
    private let count = Atomic<Int>(0)

    /// The statements sent so far.
    package var value: Int { count.load(ordering: .relaxed) }

    /// Counts one statement.
    package func add() { count.add(1, ordering: .relaxed) }
}

/// A database that counts each statement in a ``StatementTally``, and logs its SQL at trace
/// level, before passing it on. Binds are never logged: they hold code and token hashes.
struct TalliedSQLDatabase: SQLDatabase {
    package let base: any SQLDatabase
    package let tally: StatementTally

    package var logger: Logger { base.logger }
    package var eventLoop: any EventLoop { base.eventLoop }
    package var version: (any SQLDatabaseReportedVersion)? { base.version }
    package var dialect: any SQLDialect { base.dialect }
    package var queryLogLevel: Logger.Level? { nil }

    package func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        count(query)
        return base.execute(sql: query, onRow)
    }

    package func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        count(query)
        try await base.execute(sql: query, onRow)
    }

    private func count(_ query: any SQLExpression) {
        tally.add()
        if logger.logLevel <= .trace { logger.trace("SQL statement", metadata: ["sql": "\(serialize(query).sql)"]) }
    }
}
