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
#if canImport(Glibc)
import Glibc
#endif

/// What backups, dry runs and migrations leave alone: the destination's folder when the
/// destination is refused, the database's journal mode, a schema from a newer version; and the
/// leftovers of killed runs, which the next run removes.
@Suite("Backup hygiene")
struct BackupHygieneTests: BackupFixture {
    private func hidden(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }.sorted()
    }

    // MARK: Tests

    @Test("a destination that can't be a backup file is refused before anything is written, a dangling symlink included")
    func refusedDestinations() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            try await makeDatabase(path, apps: ["notes"])
            let dangling = folder.appendingPathComponent("dangling.sqlite").path
            try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.appendingPathComponent("nowhere").path)
            let sub = folder.appendingPathComponent("sub").path
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            for destination in ["", sub + "/", sub + "/.", folder.appendingPathComponent("missing/backup.sqlite").path, dangling] {
                for overwrite in [false, true] {
                    let error = await #expect(throws: BackupError.self, "\(destination)") {
                        try await backup(path).write(to: destination, overwrite: overwrite)
                    }
                    #expect(error?.code == "unsafe-backup-destination", "\(destination): \(String(describing: error))")
                }
            }
            #expect(try hidden(folder).isEmpty, "no temporary file was made")
            #expect(try FileManager.default.contentsOfDirectory(atPath: sub).isEmpty)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dangling).hasSuffix("nowhere"))
        }
    }

    @Test("leftovers of killed backups and restores are removed by the next run; files another run holds are kept")
    func leftovers() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            try await makeDatabase(path, apps: ["notes"])
            let copy = folder.appendingPathComponent("copy.sqlite").path
            let old = Date(timeIntervalSinceNow: -3600)
            func leftover(_ name: String) throws -> String {
                let file = folder.appendingPathComponent(name).path
                try Data("partial".utf8).write(to: URL(fileURLWithPath: file))
                try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file)
                return file
            }
            let stale = try leftover(".copy.sqlite.launchgate-backup-0badc0de")
            let held = try leftover(".copy.sqlite.launchgate-backup-5eed5eed")
            let other = try leftover(".copy.sqlite.someone-else")
            let staleRestore = try leftover(".lg.sqlite.launchgate-restore-0badc0de")
            let staleJournal = try leftover(".lg.sqlite.launchgate-restore-0badc0de-journal")
            // This version's leftover: a private folder with the copy and SQLite's journal in it.
            let staleFolder = folder.appendingPathComponent(".copy.sqlite.launchgate-backup-AbC123").path
            try FileManager.default.createDirectory(atPath: staleFolder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            for name in ["c0badc0d", "c0badc0d-journal"] {
                try Data("partial".utf8).write(to: URL(fileURLWithPath: staleFolder + "/" + name))
            }
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: staleFolder)
            let descriptor = open(held, O_RDONLY)
            #expect(flock(descriptor, LOCK_EX) == 0)
            defer { close(descriptor) }

            let summary = try await backup(path).write(to: copy, overwrite: false)
            #expect(summary.removedLeftovers == [stale, staleFolder])
            let restored = try await restore(path).restore(from: copy)
            #expect(restored.removedLeftovers == [staleRestore, staleJournal])
            for file in [held, other] { #expect(FileManager.default.fileExists(atPath: file), "\(file)") }
            for file in [stale, staleRestore, staleJournal, staleFolder] { #expect(!FileManager.default.fileExists(atPath: file), "\(file)") }
        }
    }

    @Test("a backup and a dry run leave a DELETE-mode database in DELETE mode")
    func journalModeKept() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            try await makeDatabase(path, apps: ["notes"])
            try await raw(path, ["PRAGMA journal_mode = DELETE"])
            #expect(try journalByte(path) == 1)

            try await backup(path).write(to: folder.appendingPathComponent("copy.sqlite").path, overwrite: false)
            #expect(try journalByte(path) == 1, "backup left the journal mode alone")
            let database = try await Database.open(.sqlite(path: path), readOnly: true, logger: TestBackend.logger)
            let pending = try await Migrator(database: database).pending()
            await database.close()
            #expect(pending.isEmpty)
            #expect(try journalByte(path) == 1, "the dry run left the journal mode alone")
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }

    @Test("a database migrated by a newer version is refused by migrate, the dry run, revert, and start-up")
    func newerSchema() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            try await makeDatabase(path, apps: ["notes"])
            let database = try await TestBackend.open(.sqlite(path: path))
            try await database.read { try await $0.raw("INSERT INTO launchgate_migrations (name, applied_at) VALUES ('999_from_the_future', 0)").run() }
            let migrator = Migrator(database: database)
            for (name, step) in [("pending", { _ = try await migrator.pending() }), ("migrate", { _ = try await migrator.migrate() }),
                                 ("revert", { _ = try await migrator.revertLast() })] as [(String, () async throws -> Void)] {
                let error = await #expect(throws: StorageError.self, "\(name)") { try await step() }
                #expect(error?.reason == .newerSchema, "\(name)")
                #expect(error?.message.contains("999_from_the_future") == true && error?.message.contains("newer launchgate") == true)
            }
            await database.close()
            let error = await #expect(throws: StorageError.self) {
                let components = try await ServerComponents.open(ServerConfiguration(database: .sqlite(path: path)), createMasterKey: true,
                                                                 checkMasterKey: true, logger: TestBackend.logger)
                await components.database?.close()
            }
            #expect(error?.reason == .newerSchema)
            #expect(try await apps(path) == ["notes"], "the newest migration was not reverted")
        }
    }
}
