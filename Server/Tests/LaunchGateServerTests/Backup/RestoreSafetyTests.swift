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

/// What keeps a restore from replacing a database in use, from losing or replaying the old
/// database's `-wal` and `-journal`, and from installing signing keys the master key can't open.
@Suite("Restore safety")
struct RestoreSafetyTests: BackupFixture {
    // MARK: Tests

    @Test("a database reached through a symlink has the same lock file as through its real path")
    func canonicalLock() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            try await makeDatabase(path, apps: ["live"])
            let alias = folder.appendingPathComponent("alias.sqlite").path
            try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: path)
            let linkedFolder = folder.appendingPathComponent("linked").path
            try FileManager.default.createSymbolicLink(atPath: linkedFolder, withDestinationPath: folder.path)
            for other in [alias, linkedFolder + "/lg.sqlite", linkedFolder + "/alias.sqlite", folder.path + "/./lg.sqlite"] {
                #expect(DatabaseFileLock.path(for: other) == DatabaseFileLock.path(for: path), "\(other)")
            }
            let server = try await TestBackend.open(.sqlite(path: path))
            #expect(try DatabaseFileLock.exclusive(for: alias) == nil, "the server's lock is seen through the symlink")
            await server.close()
        }
    }

    @Test("a lock file replaced between opening and locking it is locked again: the new file's holder keeps a restore out")
    func replacedWhileLocking() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            let lockPath = DatabaseFileLock.path(for: path)
            var holder: DatabaseFileLock?
            // Another process removes the file this one has just opened, and a server locks the new one.
            let lock = try DatabaseFileLock.exclusive(for: path) { attempt in
                guard attempt == 0 else { return }
                unlink(lockPath)
                holder = try? DatabaseFileLock.shared(for: path)
            }
            #expect(holder != nil)
            #expect(lock == nil, "the lock on the removed file was not trusted")
            holder?.release()
            #expect(try DatabaseFileLock.exclusive(for: path) != nil)
        }
    }

    @Test("with the lock file deleted under a running server, a restore is still refused and changes nothing")
    func deletedLockFile() async throws {
        try await withLiveAndBackup { path, copy in
            let server = try await TestBackend.open(.sqlite(path: path))
            #expect(unlink(DatabaseFileLock.path(for: path)) == 0)
            let error = await #expect(throws: BackupError.self) { try await restore(path).restore(from: copy) }
            #expect(error?.code == "database-in-use")
            try await SQLRepository(database: server).createApp(Samples.app("after"))
            await server.close()
            #expect(try await apps(path).sorted() == ["after", "live"])
        }
    }

    @Test("a backup that has its own -wal is restored with what the -wal holds")
    func sourceWithWAL() async throws {
        try await withFolder { folder in
            let source = folder.appendingPathComponent("source.sqlite").path
            try await makeDatabase(source, apps: ["a"])
            let writer = try await TestBackend.open(.sqlite(path: source))
            try await SQLRepository(database: writer).createApp(Samples.app("only-in-wal"))
            // Copied while the writer is open: the newest commit is in the -wal, not yet in the file.
            let snapshot = folder.appendingPathComponent("snapshot.sqlite").path
            try FileManager.default.copyItem(atPath: source, toPath: snapshot)
            try FileManager.default.copyItem(atPath: source + "-wal", toPath: snapshot + "-wal")
            await writer.close()
            #expect((BackupFiles.size(snapshot + "-wal") ?? 0) > 0)
            let path = folder.appendingPathComponent("fresh/lg.sqlite").path
            try FileManager.default.createDirectory(atPath: BackupFiles.folder(of: path), withIntermediateDirectories: true)
            try await restore(path).restore(from: snapshot)
            #expect(try await apps(path).sorted() == ["a", "only-in-wal"])
        }
    }

    @Test("before the rename, a crashed server's -wal is checkpointed into the old database, not removed")
    func crashedServerWAL() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            let live = folder.appendingPathComponent("live.sqlite").path
            try await makeDatabase(live, apps: ["a"])
            let server = try await TestBackend.open(.sqlite(path: live))
            try await SQLRepository(database: server).createApp(Samples.app("only-in-wal"))
            // What a server killed by SIGKILL leaves: the file, and the -wal with its newest commits.
            try FileManager.default.copyItem(atPath: live, toPath: path)
            try FileManager.default.copyItem(atPath: live + "-wal", toPath: path + "-wal")
            await server.close()
            try await DatabaseRestore.settle(path, shownAs: path, expected: FileIdentity.named(path), logger: TestBackend.logger)
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
            #expect(try journalByte(path) == 1, "out of WAL mode, self-contained")
            // Were the restore killed now, before its rename, the database would hold everything.
            #expect(try await apps(path).sorted() == ["a", "only-in-wal"])
        }
    }

    @Test("a stale -journal beside the database is not rolled into the restored file")
    func staleJournal() async throws {
        try await withLiveAndBackup { path, copy in
            // A hot journal of the database's own, as a crash in the middle of a transaction leaves
            // it: the change spills to the file (cache of 2 pages), so the journal is synced and marked.
            try await raw(path, ["PRAGMA journal_mode = DELETE", """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
                INSERT INTO apps (id, name, created_at) SELECT 'live' || i, 'Live app number ' || i, 0 FROM n
                """])
            let journal = try await SQLiteFile.withConnection(path, access: .readWrite, logger: TestBackend.logger) { db in
                for statement in ["PRAGMA cache_size = 2", "BEGIN", "UPDATE apps SET name = name || ' (changed)'"] {
                    try await db.raw(SQLQueryString(statement)).run()
                }
                let journal = try Data(contentsOf: URL(fileURLWithPath: path + "-journal"))
                try await db.raw("ROLLBACK").run()
                return journal
            }
            #expect(journal.count > 8192 && journal.prefix(4) == Data([0xd9, 0xd5, 0x05, 0xf9]), "a hot journal")
            try journal.write(to: URL(fileURLWithPath: path + "-journal"))

            try await restore(path).restore(from: copy)
            #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
            #expect(try await apps(path) == ["from-backup"])
            let database = try await TestBackend.open(.sqlite(path: path))
            let check = try await database.read { try await $0.raw("PRAGMA integrity_check").all().map { try $0.decode(column: "integrity_check", as: String.self) } }
            await database.close()
            #expect(check == ["ok"])
        }
    }

    @Test("-wal data beside a missing database is never removed: the restore is refused")
    func orphanWAL() async throws {
        try await withLiveAndBackup(live: nil) { path, copy in
            try Data(repeating: 1, count: 4096).write(to: URL(fileURLWithPath: path + "-wal"))
            let error = await #expect(throws: BackupError.self) { try await restore(path).restore(from: copy) }
            #expect(error?.code == "unsettled-database")
            #expect(BackupFiles.size(path + "-wal") == 4096)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("restore refuses a backup whose signing keys the master key doesn't open, or when there is no master key")
    func foreignMasterKey() async throws {
        try await withLiveAndBackup { path, copy in
            let database = try await TestBackend.open(.sqlite(path: copy))
            let sealing = try masterKey(1)
            try await SigningKeys(repository: SQLRepository(database: database), masterKey: { sealing }).generate(now: Date(timeIntervalSince1970: 0))
            await database.close()
            let keyFile = BackupFiles.folder(of: path) + "/lg.key"
            func restore(_ source: DatabaseRestore.MasterKeySource?) -> DatabaseRestore {
                DatabaseRestore(location: .sqlite(path: path), masterKey: source, logger: TestBackend.logger)
            }
            let wrong = await #expect(throws: BackupError.self) { try await restore(masterKeySource(2)).restore(from: copy) }
            #expect(wrong?.code == "foreign-master-key")
            #expect(wrong?.message.contains("LAUNCHGATE_MASTER_KEY") == true)
            let missing = await #expect(throws: BackupError.self) { try await restore(masterKeySource(nil, file: keyFile)).restore(from: copy) }
            #expect(missing?.code == "foreign-master-key")
            #expect(missing?.message.contains(keyFile) == true, "the message names the key file")
            #expect(try await apps(path) == ["live"])
            try await restore(masterKeySource(1)).restore(from: copy)
            #expect(try await apps(path) == ["from-backup"])
            try await restore(nil).restore(from: copy)
        }
    }

    @Test("run as root, a restore makes a new database and lock 0600 and owned by the folder's owner", .enabled(if: geteuid() == 0))
    func ownership() async throws {
        try await withLiveAndBackup(live: nil, in: "service") { path, copy in
            #expect(chown(BackupFiles.folder(of: path), 65534, 65534) == 0)
            let lock = DatabaseFileLock.path(for: path)
            try await restore(path).restore(from: copy)
            for file in [path, lock] {
                #expect(owner(file) == 65534, "\(file)")
                #expect(try mode(file) == 0o600, "\(file)")
            }
        }
    }
}
