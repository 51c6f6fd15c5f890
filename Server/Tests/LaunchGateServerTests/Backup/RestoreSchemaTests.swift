import Foundation
import SQLKit
import Testing
@testable import LaunchGateServer

/// Restore compares a backup's schema with the one its migrations make, so a file that only looks
/// like LaunchGate's is refused.
@Suite("Restore schema check")
struct RestoreSchemaTests: BackupFixture {
    /// Runs `sql` on a raw connection.
    private func raw(_ path: String, _ sql: [String]) throws {
        let handle = try SQLiteHandle(path: path)
        defer { handle.close() }
        for statement in sql { try handle.run(statement, []) { _ in } }
    }

    private func tables(_ path: String) throws -> [String] {
        let handle = try SQLiteHandle(path: path, readOnly: true)
        defer { handle.close() }
        var names: [String] = []
        try handle.run("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'", []) { row in
            names.append(try row.decode(column: "name", as: String.self))
        }
        return names
    }

    @Test("a backup whose schema isn't what its migrations make is refused, and the database is unchanged", arguments: ["only-migrations", "view", "trigger", "column"])
    func refused(_ tampering: String) async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            let copy = folder.appendingPathComponent("copy.sqlite").path
            try await makeDatabase(path, apps: ["live"])
            try await makeDatabase(copy, apps: ["from-backup"])
            switch tampering {
            case "only-migrations": try raw(copy, try tables(copy).filter { $0 != "launchgate_migrations" }.map { "DROP TABLE \"\($0)\"" })
            case "view": try raw(copy, ["DROP TABLE signing_keys", "CREATE VIEW signing_keys AS SELECT id FROM apps"])
            case "trigger": try raw(copy, ["CREATE TRIGGER sneaky AFTER INSERT ON apps BEGIN DELETE FROM apps; END"])
            default: try raw(copy, ["ALTER TABLE apps ADD COLUMN extra TEXT"])
            }
            let error = await #expect(throws: BackupError.self) { try await restore(path).restore(from: copy) }
            #expect(error?.code == "not-a-database", "\(String(describing: error))")
            #expect(error?.message.contains("schema") == true)
            #expect(try await apps(path) == ["live"])
        }
    }

    @Test("the replaced database is kept beside it as NAME.before-restore-TIMESTAMP, 0600, and a second restore in the same second keeps its own")
    func keepsReplaced() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            let copy = folder.appendingPathComponent("copy.sqlite").path
            try await makeDatabase(path, apps: ["live"])
            try await makeDatabase(copy, apps: ["from-backup"])
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
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            let copy = folder.appendingPathComponent("copy.sqlite").path
            try await makeDatabase(path, apps: ["live"])
            try await makeDatabase(copy, apps: ["from-backup"])
            try raw(copy, ["DELETE FROM launchgate_migrations WHERE name = '\(Migrator.all[1].name)'"])
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
}
