import Foundation
import SQLKit

/// Console operators over SQLKit, for SQLite and PostgreSQL alike.
public struct SQLOperatorRepository: OperatorRepository {
    package let database: Database

    /// Creates a repository; run ``Migrator`` first.
    public init(database: Database) { self.database = database }

    public func add(_ record: OperatorRecord) async throws -> Bool {
        do { return try await insert(record) } catch where SQLRepository.isUniqueViolation(error) {
            // Another add of the same address committed between the lookup and the insert.
            return false
        }
    }

    private func insert(_ record: OperatorRecord) async throws -> Bool {
        try await database.transaction { db in
            if let existing = try await Self.query(db).where("email", .equal, record.email).first().map(Self.record) {
                guard !existing.isActive else { return false }
                // A new ID, so sessions from before the removal stay dead.
                try await db.update("console_operators").set("id", to: SQLBind(record.id)).set("scope", to: SQLBind(record.scope.rawValue))
                    .set("created_at", to: SQLBind(record.createdAt.milliseconds)).set("removed_at", to: SQLLiteral.null)
                    .where("email", .equal, record.email).run()
                return true
            }
            try await db.insert(into: "console_operators").columns("id", "email", "scope", "created_at", "removed_at")
                .values(SQLBind(record.id), SQLBind(record.email), SQLBind(record.scope.rawValue), SQLBind(record.createdAt.milliseconds),
                        SQLBind(record.removedAt?.milliseconds))
                .run()
            return true
        }
    }

    public func find(email: String) async throws -> OperatorRecord? {
        try await database.read { db in try await Self.query(db).where("email", .equal, email).first().map(Self.record) }
    }

    public func find(id: String) async throws -> OperatorRecord? {
        try await database.read { db in try await Self.query(db).where("id", .equal, id).first().map(Self.record) }
    }

    public func list(limit: Int) async throws -> [OperatorRecord] {
        try await database.read { db in
            try await Self.query(db).where("removed_at", .is, SQLLiteral.null).orderBy("email").limit(max(limit, 0)).all().map(Self.record)
        }
    }

    public func remove(email: String, at now: Date) async throws -> Bool {
        try await database.transaction { db in
            guard try await db.select().column("id").from("console_operators").where("email", .equal, email)
                .where("removed_at", .is, SQLLiteral.null).first() != nil else { return false }
            try await db.update("console_operators").set("removed_at", to: SQLBind(now.milliseconds)).where("email", .equal, email).run()
            return true
        }
    }

    package static func query(_ db: any SQLDatabase) -> SQLSelectBuilder {
        db.select().columns("id", "email", "scope", "created_at", "removed_at").from("console_operators")
    }

    package static func record(_ row: any SQLRow) throws -> OperatorRecord {
        guard let scope = TokenScope(rawValue: try row.decode(column: "scope", as: String.self)) else {
            throw StorageError.corrupt("the console_operators table holds an unknown scope; was it edited by hand?")
        }
        return OperatorRecord(id: try row.decode(column: "id", as: String.self), email: try row.decode(column: "email", as: String.self),
                              scope: scope, createdAt: Date(milliseconds: try row.decode(column: "created_at", as: Int64.self)),
                              removedAt: try row.decode(column: "removed_at", as: Int64?.self).map(Date.init(milliseconds:)))
    }
}
