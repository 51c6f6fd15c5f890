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
            try await Self.trim(db, tokenID: session.tokenID, keeping: max(perToken - 1, 0))
            try await Self.trim(db, tokenID: nil, keeping: max(limit - 1, 0))
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

    /// Deletes the oldest sessions (of `tokenID` only, when given) until at most `keeping` are left.
    private static func trim(_ db: any SQLDatabase, tokenID: String?, keeping: Int) async throws {
        let owned = tokenID.map { id -> SQLQueryString in "WHERE token_id = \(bind: id)" } ?? ""
        let count = try await db.raw("SELECT COUNT(*) AS n FROM console_sessions \(owned)").first()?.decode(column: "n", as: Int.self) ?? 0
        guard count > keeping else { return }
        try await db.raw("""
            DELETE FROM console_sessions WHERE hash IN \
            (SELECT hash FROM console_sessions \(owned) ORDER BY created_at, hash LIMIT \(bind: count - keeping))
            """).run()
    }
}
