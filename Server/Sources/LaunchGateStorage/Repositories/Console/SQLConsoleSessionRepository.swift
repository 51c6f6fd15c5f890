import Foundation
import SQLKit

/// Console sessions over SQLKit, for SQLite and PostgreSQL alike.
public struct SQLConsoleSessionRepository: ConsoleSessionRepository {
    package let database: Database

    /// Creates a repository; run ``Migrator`` first.
    public init(database: Database) { self.database = database }

    public func insert(_ session: ConsoleSessionRecord, keepingAtMost limit: Int, perToken: Int, now: Date) async throws {
        try await database.transaction { db in
            try await db.delete(from: "console_sessions").where("expires_at", .lessThanOrEqual, now.milliseconds).run()
            let own = try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("console_sessions")
                .where("token_id", .equal, session.tokenID).first()?.decode(column: "n", as: Int.self) ?? 0
            let ownExcess = own - max(perToken - 1, 0)
            if ownExcess > 0 {
                try await db.raw("""
                    DELETE FROM console_sessions WHERE hash IN \
                    (SELECT hash FROM console_sessions WHERE token_id = \(bind: session.tokenID) ORDER BY created_at, hash LIMIT \(bind: ownExcess))
                    """).run()
            }
            let count = try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("console_sessions")
                .first()?.decode(column: "n", as: Int.self) ?? 0
            let excess = count - max(limit - 1, 0)
            if excess > 0 {
                try await db.raw("""
                    DELETE FROM console_sessions WHERE hash IN \
                    (SELECT hash FROM console_sessions ORDER BY created_at, hash LIMIT \(bind: excess))
                    """).run()
            }
            try await db.insert(into: "console_sessions").columns("hash", "token_id", "created_at", "expires_at")
                .values(SQLBind(session.hash), SQLBind(session.tokenID), SQLBind(session.createdAt.milliseconds),
                        SQLBind(session.expiresAt.milliseconds))
                .run()
        }
    }

    public func session(hash: String) async throws -> ConsoleSessionRecord? {
        try await database.read { db in
            try await db.select().columns("hash", "token_id", "created_at", "expires_at").from("console_sessions")
                .where("hash", .equal, hash).first().map { row in
                    ConsoleSessionRecord(hash: try row.decode(column: "hash", as: String.self),
                                         tokenID: try row.decode(column: "token_id", as: String.self),
                                         createdAt: Date(milliseconds: try row.decode(column: "created_at", as: Int64.self)),
                                         expiresAt: Date(milliseconds: try row.decode(column: "expires_at", as: Int64.self)))
                }
        }
    }

    public func delete(hash: String) async throws {
        try await database.transaction { db in
            try await db.delete(from: "console_sessions").where("hash", .equal, hash).run()
        }
    }

    public func count() async throws -> Int {
        try await database.read { db in
            try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("console_sessions")
                .first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }
}
