import Foundation
import SQLiteNIO

extension DatabaseRestore {
    /// Copies the backup into `candidate` (an empty file) with `VACUUM INTO`, from the backup
    /// opened read-only after SQLite's integrity check: what is in the backup's `-wal` is copied
    /// too, and the copy is one self-contained file in rollback mode.
    /// - Throws: ``BackupError`` `notADatabase`.
    static func copy(_ file: String, to candidate: String) throws {
        do {
            try withSQLite(file, readOnly: true) { source in
                let problems = try strings(source, "PRAGMA integrity_check", column: "integrity_check").filter { $0 != "ok" }
                guard problems.isEmpty else {
                    throw BackupError.notADatabase(file: file, reason: "integrity check: \(problems.prefix(3).joined(separator: "; "))")
                }
                try source.run("VACUUM INTO ?", [.text(candidate)]) { _ in }
            }
        } catch let error as SQLiteStatementError {
            throw BackupError.notADatabase(file: file, reason: error.message)
        }
    }

    /// Checks the copy: the migrations table against this version's, and the signing keys against
    /// the master key.
    func check(_ candidate: String, named file: String) throws -> Summary {
        let found: (tables: Set<String>, applied: [String], sealedKeys: [String])
        do {
            found = try Self.withSQLite(candidate, readOnly: true) { db in
                let tables = Set(try Self.strings(db, "SELECT name FROM sqlite_master WHERE type = 'table'", column: "name"))
                let applied = tables.contains("launchgate_migrations")
                    ? try Self.strings(db, "SELECT name FROM launchgate_migrations", column: "name") : []
                let keys = tables.contains("signing_keys")
                    ? try Self.strings(db, "SELECT sealed_private_key FROM signing_keys", column: "sealed_private_key") : []
                return (tables, applied, keys)
            }
        } catch let error as SQLiteStatementError {
            throw BackupError.notADatabase(file: file, reason: error.message)
        }
        let known = Migrator.all.map(\.name)
        guard found.tables.contains("launchgate_migrations"), let first = known.first, found.applied.contains(first) else {
            throw BackupError.notLaunchGate(file)
        }
        let unknown = found.applied.filter { !known.contains($0) }.sorted()
        guard unknown.isEmpty else { throw BackupError.newerSchema(file: file, names: unknown) }
        // Migrations run in order, so a real database has applied a prefix of them; 001 and 003
        // without 002 is a crafted file, and the next serve would apply 002 after 003.
        guard Set(found.applied) == Set(known.prefix(found.applied.count)) else { throw BackupError.notLaunchGate(file) }
        try checkMasterKey(opens: found.sealedKeys, named: file)
        return Summary(applied: known.filter(found.applied.contains), pending: known.filter { !found.applied.contains($0) })
    }

    /// Refuses a backup whose signing keys the configured master key doesn't open: restored, the
    /// server would not start, and apps pin the key's public half. Skipped without a source.
    private func checkMasterKey(opens sealedKeys: [String], named file: String) throws {
        guard let source = masterKey, !sealedKeys.isEmpty else { return }
        let name = source.environmentValue.map { $0.isEmpty ? nil : "LAUNCHGATE_MASTER_KEY" } ?? nil
        let key: MasterKey
        do { key = try MasterKey.load(environmentValue: source.environmentValue, file: source.file, create: false) } catch let error as MasterKeyError where error.reason == .missing {
            throw BackupError.foreignMasterKey(file: file, key: source.file.path, missing: true)
        }
        do {
            for sealed in sealedKeys { _ = try SigningKeys.open(sealed, with: key) }
        } catch {
            throw BackupError.foreignMasterKey(file: file, key: name ?? source.file.path, missing: false)
        }
    }

    /// Opens a SQLite file on a connection of its own (no ``Database``: no lock file, no journal
    /// mode change), runs `body`, and closes it.
    static func withSQLite<T>(_ path: String, readOnly: Bool, _ body: (SQLiteHandle) throws -> T) throws -> T {
        let handle = try SQLiteHandle(path: path, readOnly: readOnly)
        defer { handle.close() }
        try handle.run("PRAGMA busy_timeout = 2000", []) { _ in }
        return try body(handle)
    }

    /// The text column `column` of every row `sql` returns.
    static func strings(_ handle: SQLiteHandle, _ sql: String, column: String) throws -> [String] {
        var values: [String] = []
        try handle.run(sql, []) { row in values.append(try row.decode(column: column, as: String.self)) }
        return values
    }
}
