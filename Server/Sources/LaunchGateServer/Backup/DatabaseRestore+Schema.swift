import Foundation
import SQLiteNIO

extension DatabaseRestore {
    /// Refuses a backup whose schema is not the one its migrations make: the tables (with their
    /// columns), views and triggers of `candidate` are compared with a template migrated from
    /// scratch with the same migrations, in a file at `template`. A migrations table alone, a view
    /// in place of a table (which would skip the master key check), or a trigger LaunchGate doesn't
    /// create (which would run inside the server's own writes) are all refused.
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
        let expected = try Self.schema(of: template)
        let found: [String: [String]]
        do { found = try Self.schema(of: candidate) } catch let error as SQLiteStatementError {
            throw BackupError.notADatabase(file: file, reason: error.message)
        }
        var differences: [String] = []
        for (name, columns) in expected.sorted(by: { $0.key < $1.key }) {
            guard let other = found[name] else { differences.append("no \(name)"); continue }
            if other != columns { differences.append("\(name) has the columns \(other.joined(separator: ", ")), not \(columns.joined(separator: ", "))") }
        }
        for name in found.keys.sorted() where expected[name] == nil { differences.append("an extra \(name)") }
        guard differences.isEmpty else {
            throw BackupError.notADatabase(file: file, reason: "its schema is not what its migrations make: \(differences.prefix(5).joined(separator: "; "))")
        }
    }

    /// Every table (with its column names, sorted), view and trigger, as `"table NAME"` and the like;
    /// SQLite's own tables left out.
    static func schema(of path: String) throws -> [String: [String]] {
        try withSQLite(path, readOnly: true) { db in
            var entries: [(type: String, name: String)] = []
            try db.run("SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'", []) { row in
                entries.append((try row.decode(column: "type", as: String.self), try row.decode(column: "name", as: String.self)))
            }
            var schema: [String: [String]] = [:]
            for entry in entries.prefix(1_000) {
                var columns: [String] = []
                if entry.type == "table" {
                    try db.run("SELECT name FROM pragma_table_info(?)", [.text(entry.name)]) { row in
                        columns.append(try row.decode(column: "name", as: String.self))
                    }
                }
                schema["\(entry.type) \(entry.name)"] = columns.sorted()
            }
            return schema
        }
    }
}
