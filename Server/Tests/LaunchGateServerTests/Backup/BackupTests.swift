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

/// `launchgate backup` and `restore` underneath: online copies, and restores that refuse to
/// replace a database in use or with a file that isn't a sound LaunchGate database.
@Suite("Backup and restore of SQLite")
struct BackupTests: BackupFixture {
    // MARK: Tests

    @Test("a backup taken while another connection keeps writing is a consistent, private copy that restores")
    func onlineBackup() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            try await makeDatabase(path, apps: ["a0"])
            let writer = try await TestBackend.open(.sqlite(path: path))
            // Writes go on, each in its own transaction, until the backup is done.
            let writes = Task {
                var count = 1
                while !Task.isCancelled, count < 2_000 {
                    try await SQLRepository(database: writer).createApp(Samples.app("a\(count)"))
                    count += 1
                }
                return count
            }
            try await Task.sleep(for: .milliseconds(50))
            let copy = folder.appendingPathComponent("copy.sqlite").path
            let bytes = try await backup(path).write(to: copy, overwrite: false).bytes
            writes.cancel()
            let written = try await writes.value
            await writer.close()

            #expect(bytes > 0)
            #expect(try mode(copy) == 0o600, "the copy is private, like the database")
            let fresh = folder.appendingPathComponent("fresh/lg.sqlite").path
            try FileManager.default.createDirectory(atPath: (fresh as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let summary = try await restore(fresh).restore(from: copy)
            #expect(summary.pending.isEmpty)
            #expect(try mode(fresh) == 0o600)
            let restored = try await apps(fresh)
            // A snapshot: the first n apps, with no gap, whatever n the copy caught.
            #expect(!restored.isEmpty && restored.count <= written)
            #expect(Set(restored) == Set((0..<restored.count).map { "a\($0)" }))
        }
    }

    @Test("a backup refuses to replace an existing file unless told to, and leaves no partial file")
    func overwrite() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            try await makeDatabase(path, apps: ["notes"])
            let copy = folder.appendingPathComponent("copy.sqlite").path
            try Data("keep me".utf8).write(to: URL(fileURLWithPath: copy))
            await #expect(throws: BackupError.self) { try await backup(path).write(to: copy, overwrite: false) }
            #expect(try String(contentsOfFile: copy, encoding: .utf8) == "keep me")
            try await backup(path).write(to: copy, overwrite: true)
            #expect(try await apps(copy) == ["notes"])
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
            #expect(leftovers.isEmpty, "no temporary file is left: \(leftovers)")
        }
    }

    @Test("even with --force, a backup never replaces the database, its companions (by any path), or a non-regular file")
    func unsafeDestinations() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            try await makeDatabase(path, apps: ["notes"])
            let link = folder.appendingPathComponent("alias.sqlite").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
            try Data().write(to: URL(fileURLWithPath: path + ".lock"))
            let sub = folder.appendingPathComponent("sub")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            let fifo = folder.appendingPathComponent("fifo").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            for destination in [path, link, sub.path + "/../lg.sqlite", path + ".lock", sub.path, fifo, ""] {
                let error = await #expect(throws: BackupError.self, "\(destination)") {
                    try await backup(path).write(to: destination, overwrite: true)
                }
                #expect(error?.code == "unsafe-backup-destination", "\(destination): \(String(describing: error))")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the database is untouched")
            #expect(try await apps(path) == ["notes"])
        }
    }

    @Test("backing up a missing database fails instead of creating an empty one")
    func missingDatabase() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("typo.sqlite").path
            let error = await #expect(throws: BackupError.self) { try await backup(path).write(to: path + ".bak", overwrite: false) }
            #expect(error?.code == "no-database")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("on PostgreSQL, backup and restore point to pg_dump and pg_restore and exit as bad input")
    func postgres() async throws {
        let location = DatabaseLocation.postgres(url: "postgres://lg@db.invalid/launchgate")
        let backupError = await #expect(throws: BackupError.self) {
            try await DatabaseBackup(location: location, logger: TestBackend.logger).write(to: "x", overwrite: false)
        }
        #expect(backupError?.message.contains("pg_dump") == true)
        #expect(backupError?.kind == .invalidInput)
        let restoreError = await #expect(throws: BackupError.self) {
            try await DatabaseRestore(location: location, masterKey: nil, logger: TestBackend.logger).restore(from: "/etc/hostname")
        }
        #expect(restoreError?.message.contains("pg_restore") == true)
    }

    @Test("restore is refused while a process has the database open, and the database is unchanged")
    func inUse() async throws {
        try await withLiveAndBackup { path, copy in
            let server = try await TestBackend.open(.sqlite(path: path))
            let error = await #expect(throws: BackupError.self) { try await restore(path).restore(from: copy) }
            #expect(error?.code == "database-in-use")
            await server.close()
            #expect(try await apps(path) == ["live"])
            // Closed, the same restore goes through.
            try await restore(path).restore(from: copy)
            #expect(try await apps(path) == ["from-backup"])
        }
    }

    @Test("while a restore holds the database, opening it is refused as busy (unavailable, worth retrying)")
    func openDuringRestore() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            let lock = try #require(try DatabaseFileLock.exclusive(for: path))
            let error = await #expect(throws: StorageError.self) { _ = try await Database.open(.sqlite(path: path), logger: TestBackend.logger) }
            #expect(error?.reason == .busy)
            #expect(error?.kind == .unavailable)
            lock.release()
            let database = try await Database.open(.sqlite(path: path), logger: TestBackend.logger)
            await database.close()
        }
    }

    @Test("restore checks the file first: not SQLite, not LaunchGate's, or from a newer version is refused", arguments: ["garbage", "foreign", "newer"])
    func refusedFiles(kind: String) async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            try await makeDatabase(path, apps: ["live"])
            let file = folder.appendingPathComponent("\(kind).sqlite").path
            switch kind {
            case "garbage":
                try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: file))
            case "foreign":
                let other = try await TestBackend.open(.sqlite(path: file))
                try await other.read { try await $0.raw("CREATE TABLE notes (id INTEGER PRIMARY KEY)").run() }
                await other.close()
            default:
                try await makeDatabase(file, apps: [])
                let newer = try await TestBackend.open(.sqlite(path: file))
                try await newer.read { try await $0.raw("INSERT INTO launchgate_migrations (name, applied_at) VALUES ('999_from_the_future', 0)").run() }
                await newer.close()
            }
            let error = await #expect(throws: BackupError.self) { try await restore(path).restore(from: file) }
            let expected = ["garbage": "not-a-database", "foreign": "not-launchgate", "newer": "newer-schema"][kind]
            #expect(error?.code == expected)
            #expect(error?.kind == .invalidInput)
            #expect(try await apps(path) == ["live"])
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
            #expect(leftovers.isEmpty, "no temporary file is left: \(leftovers)")
        }
    }

    @Test("pending lists what migrate would apply, without creating anything", arguments: TestBackend.sql)
    func pending(backend: TestBackend) async throws {
        try await backend.withFreshLocation { location in
            let database = try await TestBackend.open(try #require(location))
            do {
                let migrator = Migrator(database: database)
                #expect(try await migrator.pending() == Migrator.all.map(\.name))
                await #expect(throws: (any Error).self, "a dry run creates no migrations table") {
                    try await database.read { try await $0.raw("SELECT name FROM launchgate_migrations").run() }
                }
                try await Migrator(database: database, migrations: Array(Migrator.all.prefix(3))).migrate()
                #expect(try await migrator.pending() == Migrator.all.dropFirst(3).map(\.name))
                try await migrator.migrate()
                #expect(try await migrator.pending().isEmpty)
            } catch {
                await database.close()
                throw error
            }
            await database.close()
        }
    }
}
