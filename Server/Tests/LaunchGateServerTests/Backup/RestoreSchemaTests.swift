import Foundation
import SQLKit
import Testing
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// Restore compares a backup's schema with the one its migrations make, so a file that only looks
/// like LaunchGate's is refused.
@Suite("Restore schema check")
struct RestoreSchemaTests: BackupFixture {
    private func tables(_ path: String) async throws -> [String] {
        try await strings(path, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'", column: "name")
    }

    /// Rewrites a table's SQL in sqlite_master, as a crafted file has it (the table's rows stay).
    private func rewrite(_ path: String, table: String, _ expression: String) async throws {
        try await raw(path, ["PRAGMA writable_schema = ON", "UPDATE sqlite_master SET sql = \(expression) WHERE type = 'table' AND name = '\(table)'"])
    }

    private func sql(_ path: String, _ name: String) async throws -> String {
        try await strings(path, "SELECT sql FROM sqlite_master WHERE name = \(bind: name)", column: "sql").first ?? ""
    }

    // MARK: Tests

    @Test("a backup whose schema isn't what its migrations make is refused (exit 65), and the database is unchanged",
          arguments: ["only-migrations", "view", "trigger", "column", "check", "default", "expression-index", "missing-index",
                     "sqlite-named-trigger", "kelvin-sign", "no-break-space", "object-bomb"])
    func refused(_ tampering: String) async throws {
        try await withLiveAndBackup { path, copy in
            switch tampering {
            case "only-migrations": try await raw(copy, try await tables(copy).filter { $0 != "launchgate_migrations" }.map { "DROP TABLE \"\($0)\"" })
            case "view": try await raw(copy, ["DROP TABLE signing_keys", "CREATE VIEW signing_keys AS SELECT id FROM apps"])
            case "trigger": try await raw(copy, ["CREATE TRIGGER sneaky AFTER INSERT ON apps BEGIN DELETE FROM apps; END"])
            case "column": try await raw(copy, ["ALTER TABLE apps ADD COLUMN extra TEXT"])
            case "check":
                // Tokens that can never be revoked: the same columns, one constraint more.
                try await rewrite(copy, table: "tokens", "substr(sql, 1, length(sql) - 1) || ', CHECK (revoked_at IS NULL))'")
                #expect(try await sql(copy, "tokens").contains("CHECK (revoked_at IS NULL)"))
            case "default":
                try await rewrite(copy, table: "tokens", "replace(sql, 'NOT NULL', 'NOT NULL DEFAULT ''admin''')")
                #expect(try await sql(copy, "tokens").contains("DEFAULT 'admin'"))
            case "expression-index": try await raw(copy, ["CREATE INDEX apps_lower_name ON apps (lower(name))"])
            case "sqlite-named-trigger":
                // SQLite refuses CREATE for sqlite_… names, but loads such a row written by hand.
                try await raw(copy, ["PRAGMA writable_schema = ON",
                               "INSERT INTO sqlite_master (type, name, tbl_name, rootpage, sql) VALUES ('trigger', 'sqlite_revive', 'tokens', 0, " +
                               "'CREATE TRIGGER sqlite_revive AFTER UPDATE OF revoked_at ON tokens BEGIN UPDATE tokens SET revoked_at = NULL WHERE id = NEW.id; END')"])
            case "kelvin-sign":
                // U+212A: Swift lowercases it to k, SQLite keeps it, so the column is renamed.
                try await rewrite(copy, table: "tokens", "replace(sql, '\"revoked_at\"', '\"revo\u{212A}ed_at\"')")
                #expect(try await sql(copy, "tokens").contains("revo\u{212A}ed_at"))
            case "no-break-space":
                // U+00A0: white space to Swift, part of the type name to SQLite, so NOT NULL is gone.
                try await rewrite(copy, table: "tokens", "replace(sql, '\"secret_hash\" TEXT NOT NULL', '\"secret_hash\" TEXT\u{A0}NOT NULL')")
                #expect(try await sql(copy, "tokens").contains("TEXT\u{A0}NOT NULL"))
            case "object-bomb":
                try await raw(copy, ["BEGIN"] + (0...DatabaseRestore.schemaObjectLimit).map { "CREATE TABLE bomb\($0) (a)" } + ["COMMIT"])
            default: try await raw(copy, ["DROP INDEX mail_outbox_due"])
            }
            let error = await #expect(throws: BackupError.self) { try await restore(path).restore(from: copy) }
            #expect(error?.code == "not-a-database", "\(String(describing: error))")
            #expect(error?.kind == .invalidInput, "exit 65, as every not-a-database")
            #expect(error?.message.contains("schema") == true)
            if tampering == "object-bomb" {
                #expect(error?.message.contains("objects, more than") == true, "counted before VACUUM reads the file: \(String(describing: error))")
            }
            #expect(try await apps(path) == ["live"])
        }
    }

    @Test("the replaced database is kept beside it as NAME.before-restore-TIMESTAMP, 0600, and a second restore in the same second keeps its own")
    func keepsReplaced() async throws {
        try await withLiveAndBackup { path, copy in
            let time = Date(timeIntervalSince1970: 1_764_000_000)
            let restore = DatabaseRestore(location: .sqlite(path: path), masterKey: nil, logger: TestBackend.logger, now: { time })
            let first = try await restore.restore(from: copy)
            #expect(first.keptAs == path + ".before-restore-20251124-160000")
            let kept = try #require(first.keptAs)
            #expect(try await apps(kept) == ["live"])
            #expect(try mode(kept) == 0o600)
            let second = try await restore.restore(from: copy)
            #expect(second.keptAs == path + ".before-restore-20251124-160000-2")
            #expect(try await apps(path) == ["from-backup"])
        }
    }

    @Test("a backup whose applied migrations skip one (001 and 003 without 002) is refused, and the database is unchanged")
    func migrationGap() async throws {
        try await withLiveAndBackup { path, copy in
            try await raw(copy, ["DELETE FROM launchgate_migrations WHERE name = '\(Migrator.all[1].name)'"])
            let error = await #expect(throws: BackupError.self) { try await restore(path).restore(from: copy) }
            #expect(error?.code == "not-launchgate", "\(String(describing: error))")
            #expect(try await apps(path) == ["live"])
        }
    }

    @Test("a backup from an older version (fewer migrations) passes the schema check")
    func olderBackup() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            let copy = folder.appendingPathComponent("copy.sqlite").path
            let database = try await TestBackend.open(.sqlite(path: copy))
            _ = try await Migrator(database: database, migrations: Array(Migrator.all.prefix(5))).migrate()
            await database.close()
            let summary = try await restore(path).restore(from: copy)
            #expect(summary.applied.count == 5)
        }
    }

    @Test("schema texts that SQLite reads alike compare equal; a change inside a literal or a quoted name joined to a word does not")
    func normalizedSQL() {
        let plain = DatabaseRestore.normalizedSQL("create table apps(id text not null,name text)")
        for spelling in ["CREATE TABLE IF NOT EXISTS \"apps\" (\n  \"id\" TEXT NOT NULL ,\n  [name] TEXT\n)",
                         "CREATE TABLE `APPS`(`Id` text NOT   NULL, \"name\" text)"] {
            #expect(DatabaseRestore.normalizedSQL(spelling) == plain, "\(spelling)")
        }
        #expect(DatabaseRestore.normalizedSQL("CHECK (x != 'a b')") != DatabaseRestore.normalizedSQL("CHECK (x != 'a  b')"))
        #expect(DatabaseRestore.normalizedSQL("CHECK (x != 'A')") != DatabaseRestore.normalizedSQL("CHECK (x != 'a')"))
        #expect(DatabaseRestore.normalizedSQL("x\"y\"") != DatabaseRestore.normalizedSQL("xy"))
        #expect(DatabaseRestore.normalizedSQL("\"my table\"") == "\"my table\"", "a name that needs its quotes keeps them")
    }
}
