import Foundation
import Logging
import NIOCore
import SQLKit
import SQLiteKit

/// SQLKit's view of one operation (``SQLiteOperation``) on a SQLiteNIO connection.
///
/// SQLiteKit's own `sql()` view would do, but for three things: a statement runs only while its
/// operation is active; binds are never logged (they hold code and token hashes); and text holding
/// a NUL character is refused, because SQLiteNIO reads text back only up to its first NUL, so such
/// a value would come back cut short (PostgreSQL refuses such text too).
struct SQLiteSession: SQLDatabase {
    package let connection: SQLiteConnection
    package let operation: SQLiteOperation

    package var logger: Logger { connection.logger }
    package var eventLoop: any EventLoop { connection.eventLoop }
    package var dialect: any SQLDialect { SQLiteDialect() }
    package var queryLogLevel: Logger.Level? { nil }

    private static let encoder = SQLiteDataEncoder()
    private static let decoder = SQLiteDataDecoder()

    package func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await execute(sql: query, onRow) }
    }

    package func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try operation.requireActive()
        let (sql, binds) = serialize(query)
        let values = try binds.map { bind in
            let value = try Self.encoder.encode(bind)
            if case .text(let text) = value, text.utf8.contains(0) {
                throw StorageError.unstorable("text holding a NUL character can't be stored; remove the character and try again")
            }
            return value
        }
        try await connection.query(sql, values) { onRow($0.sql(decoder: Self.decoder)) }
    }
}
