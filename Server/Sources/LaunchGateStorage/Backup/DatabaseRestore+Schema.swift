import Foundation
import Logging
import SQLKit
import SQLiteNIO

extension DatabaseRestore {
    /// Most schema objects a backup may have; LaunchGate's migrations make a few dozen.
    static let schemaObjectLimit = 1_000

    /// Refuses a backup whose schema is not the one its migrations make: every object in
    /// `sqlite_master` of `candidate` (tables, indexes, views, triggers, those named `sqlite_…`
    /// included) is compared, by type, name, table and SQL text (``normalizedSQL(_:)``), with a
    /// template migrated from scratch with the same migrations, in a file at `template`. A
    /// migrations table alone, a view in place of a table (which would skip the master key check),
    /// a trigger LaunchGate doesn't create (which would run inside the server's own writes), a
    /// CHECK that makes tokens impossible to revoke, a changed default, a generated column, an
    /// extra (expression) index or a missing one are all refused.
    /// - Throws: ``BackupError`` `notADatabase`.
    func checkSchema(_ candidate: String, applied: [String], template: String, named file: String) async throws {
        let migrations = Migrator.all.filter { applied.contains($0.name) }
        let database = try await Database.open(.sqlite(path: template), logger: logger)
        do {
            _ = try await Migrator(database: database, migrations: migrations).migrate()
        } catch {
            await database.close()
            throw error
        }
        await database.close()
        // The template's few dozen objects are always within the limit.
        let expected = try await Self.schema(of: template, logger: logger) ?? [:]
        let found: [String: String]?
        do { found = try await Self.schema(of: candidate, logger: logger) } catch let error as SQLiteError {
            throw BackupError.notADatabase(file: file, reason: error.message)
        }
        guard let found else {
            throw BackupError.notADatabase(file: file, reason: "its schema has more than \(Self.schemaObjectLimit) objects; LaunchGate's migrations make a few dozen")
        }
        var differences: [String] = []
        for (object, definition) in expected.sorted(by: { $0.key < $1.key }) {
            guard let other = found[object] else { differences.append("no \(object)"); continue }
            if other != definition { differences.append("\(object) is not defined as its migrations define it") }
        }
        for object in found.keys.sorted() where expected[object] == nil { differences.append("an extra \(object)") }
        guard differences.isEmpty else {
            throw BackupError.notADatabase(file: file, reason: "its schema is not what its migrations make: \(differences.prefix(5).joined(separator: "; "))")
        }
    }

    /// Every schema object, as `"table NAME"`, `"index NAME"` and the like, with the table it
    /// belongs to and its normalized SQL. Objects named `sqlite_…` are compared like any other
    /// (`PRAGMA writable_schema` lets anyone write such a row, and SQLite loads it), except the
    /// statistics tables `ANALYZE` makes, left out only when they are exactly SQLite's own.
    /// - Returns: `nil` when there are more than ``schemaObjectLimit``.
    package static func schema(of path: String, logger: Logger) async throws -> [String: String]? {
        let rows = try await SQLiteFile.withConnection(path, access: .readOnly, logger: logger) { db in
            try await db.raw("SELECT type, name, tbl_name, sql FROM sqlite_master LIMIT \(literal: schemaObjectLimit + 1)").all().map { row in
                (type: try row.decode(column: "type", as: String.self), name: try row.decode(column: "name", as: String.self),
                 table: try row.decode(column: "tbl_name", as: String.self), sql: try row.decode(column: "sql", as: String?.self) ?? "")
            }
        }
        guard rows.count <= schemaObjectLimit else { return nil }
        var schema: [String: String] = [:]
        for row in rows {
            if row.type == "table", let statistics = Self.statisticsTables[row.name], statistics == row.sql { continue }
            schema["\(row.type) \(row.name)"] = "on \(row.table): \(schemaText(row.sql))"
        }
        return schema
    }

    /// The tables `ANALYZE` creates, with the SQL SQLite stores for them.
    static let statisticsTables = [
        "sqlite_stat1": "CREATE TABLE sqlite_stat1(tbl,idx,stat)",
        "sqlite_stat4": "CREATE TABLE sqlite_stat4(tbl,idx,neq,nlt,ndlt,sample)",
    ]

    /// The text an object's SQL is compared by: ``normalizedSQL(_:)`` when it is all ASCII, else
    /// the SQL exactly as stored. SQLite folds case and skips white space only in ASCII; Swift's
    /// Unicode rules would make a Kelvin sign `k` or a no-break space a space, where SQLite reads
    /// both as part of a name, so a renamed column or a dropped `NOT NULL` would look unchanged.
    static func schemaText(_ sql: String) -> String {
        sql.utf8.allSatisfy { $0 < 0x80 } ? normalizedSQL(sql) : "verbatim: " + sql
    }
}
