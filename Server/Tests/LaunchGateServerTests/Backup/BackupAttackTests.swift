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

/// What another local user who can write the database's folder (the service's own user, when
/// root runs backup and restore) or name the files can't make a backup or restore do: replace or
/// create files elsewhere, take the lock away from the service, destroy the master key.
@Suite("Backup and restore against a hostile folder")
struct BackupAttackTests: BackupFixture {
    /// The database's path in a folder `service` of its own, and a "victim" file outside that folder.
    private func serviceFolder(_ folder: URL) async throws -> (path: String, victim: String) {
        let service = folder.appendingPathComponent("service")
        try FileManager.default.createDirectory(at: service, withIntermediateDirectories: true)
        let path = service.appendingPathComponent("lg.sqlite").path
        return (path, try victim(outside: path))
    }

    /// A file "victim.conf" in the folder above the database's own folder.
    private func victim(outside path: String) throws -> String {
        let victim = BackupFiles.folder(of: BackupFiles.folder(of: path)) + "/victim.conf"
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
        return victim
    }

    private func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    // MARK: Tests

    @Test("copies are staged only in a temporary folder that no other user can rename things in: TMPDIR pointing into another user's folder falls back to /tmp")
    func stagingParent() async throws {
        try await withFolder { folder in
            #expect(BackupTemporaryFile.isSafeStagingParent("/tmp"), "sticky and root's")
            let own = folder.appendingPathComponent("own").path
            try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
            #expect(BackupTemporaryFile.isSafeStagingParent(own), "this user's, writable by it alone")
            let open = folder.appendingPathComponent("open").path
            try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o777])
            chmod(open, 0o777)
            #expect(!BackupTemporaryFile.isSafeStagingParent(open), "anyone may rename in it")
            let link = folder.appendingPathComponent("link").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/tmp")
            #expect(!BackupTemporaryFile.isSafeStagingParent(link), "a symlink can be repointed")
            if geteuid() == 0, let nobody = getpwnam("nobody") {
                let theirs = folder.appendingPathComponent("theirs").path
                try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
                chown(theirs, nobody.pointee.pw_uid, nobody.pointee.pw_gid)
                #expect(!BackupTemporaryFile.isSafeStagingParent(theirs), "another user's folder, as TMPDIR under sudo -E")
            }
        }
    }

    @Test("a database path that is a symlink to a file elsewhere is refused by restore, and the file it points to is untouched")
    func restoreRefusesSymlinkedDatabase() async throws {
        try await withLiveAndBackup(live: nil, in: "service") { path, copy in
            let victim = try self.victim(outside: path)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
            let error = await #expect(throws: (any Error).self) { try await restore(path).restore(from: copy) }
            #expect((error as? BackupError)?.code == "unsafe-database", "\(String(describing: error))")
            #expect(contents(victim) == "precious\n")
            #expect(!FileManager.default.fileExists(atPath: victim + ".lock"), "no lock was made beside the target")
        }
    }

    @Test("backup and read-only opens refuse a database symlinked into another folder, making no lock there")
    func lockRefusesSymlinkOutside() async throws {
        try await withFolder { folder in
            let (path, victim) = try await serviceFolder(folder)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
            let out = folder.appendingPathComponent("out.sqlite").path
            await #expect(throws: StorageError.self) { try await backup(path).write(to: out, overwrite: false) }
            await #expect(throws: StorageError.self) { _ = try await Database.open(.sqlite(path: path), readOnly: true, logger: TestBackend.logger) }
            #expect(!FileManager.default.fileExists(atPath: victim + ".lock"))
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    @Test("run as root, restore refuses a database file owned by neither the folder's owner nor root", .enabled(if: geteuid() == 0))
    func restoreRefusesForeignOwner() async throws {
        try await withLiveAndBackup(in: "service") { path, copy async throws in
            #expect(chown(BackupFiles.folder(of: path), 65534, 65534) == 0)
            #expect(chown(path, 1, 1) == 0)
            let error = await #expect(throws: BackupError.self) { try await restore(path).restore(from: copy) }
            #expect(error?.code == "unsafe-database")
            #expect(try await apps(path) == ["live"])
        }
    }

    @Test("the copy is written in a private 0700 folder of its own, which is removed afterwards")
    func privateTemporaryFolder() async throws {
        try await withFolder { folder in
            let destination = folder.appendingPathComponent("backup.sqlite").path
            let temporary = try BackupTemporaryFile(beside: destination, purpose: "backup")
            let inside = BackupFiles.folder(of: temporary.path)
            #expect(inside != folder.path)
            #expect(BackupFiles.folder(of: inside) == folder.path)
            #expect(try mode(inside) == 0o700)
            temporary.discard()
            #expect(!FileManager.default.fileExists(atPath: inside))
        }
    }

    @Test("a copy replaced in its folder before it is installed is refused, and nothing is renamed into place")
    func replacedCopyRefused() async throws {
        try await withFolder { folder in
            let destination = folder.appendingPathComponent("backup.sqlite").path
            let temporary = try BackupTemporaryFile(beside: destination, purpose: "backup")
            // Another file renamed over it (made first, so it can't reuse the inode).
            let planted = folder.appendingPathComponent("planted").path
            #expect(FileManager.default.createFile(atPath: planted, contents: Data("planted".utf8)))
            #expect(rename(planted, temporary.path) == 0)
            #expect(throws: BackupError.self) { try temporary.install(as: destination) }
            #expect(!FileManager.default.fileExists(atPath: destination))
            temporary.discard()
        }
    }

    @Test("run as root, in a folder another user can write, the copy is written outside it and installed through descriptors, even when the private folder is swapped for a symlink", .enabled(if: geteuid() == 0))
    func swappedPrivateFolder() async throws {
        try await withFolder { folder in
            let service = folder.appendingPathComponent("service").path
            let elsewhere = folder.appendingPathComponent("elsewhere").path
            for path in [service, elsewhere] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
            #expect(chown(service, 65534, 65534) == 0)
            let destination = service + "/lg.sqlite"
            let temporary = try BackupTemporaryFile(beside: destination, purpose: "restore")
            #expect(!temporary.path.hasPrefix(service + "/"), "SQLite's path doesn't go through the service's folder")
            // What the service's user can do meanwhile: rename the private folder away, and link its name elsewhere.
            #expect(rename(temporary.folderPath, service + "/stolen") == 0)
            #expect(symlink(elsewhere, temporary.folderPath) == 0)
            try Data("copy".utf8).write(to: URL(fileURLWithPath: temporary.path))
            try temporary.install(as: destination)
            #expect(contents(destination) == "copy")
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: service + "/stolen"), "the renamed private folder was found and removed")
        }
    }

    @Test("a backup to a long file name works (the temporary names stay within 255 bytes)")
    func longName() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            try await makeDatabase(path, apps: ["notes"])
            let out = folder.appendingPathComponent(String(repeating: "b", count: 240) + ".sqlite").path
            try await backup(path).write(to: out, overwrite: false)
            #expect(try await apps(out) == ["notes"])
        }
    }

    @Test("run as root, a backup leaves an existing lock's owner and mode alone (a group-shared folder)", .enabled(if: geteuid() == 0))
    func backupKeepsLockOwner() async throws {
        try await withFolder { folder in
            let (path, _) = try await serviceFolder(folder)
            try await makeDatabase(path, apps: ["notes"])
            let lock = DatabaseFileLock.path(for: path)
            #expect(chown(lock, 65534, 65534) == 0 && chmod(lock, 0o660) == 0)
            try await backup(path).write(to: folder.appendingPathComponent("out.sqlite").path, overwrite: false)
            let dryRun = try await Database.open(.sqlite(path: path), readOnly: true, logger: TestBackend.logger)
            _ = try await Migrator(database: dryRun).pending()
            await dryRun.close()
            #expect(owner(lock) == 65534)
            #expect(try mode(lock) == 0o660)
        }
    }

    @Test("run as root, a restore keeps the replaced database's owner and the lock's owner and mode", .enabled(if: geteuid() == 0))
    func restoreKeepsOwners() async throws {
        try await withLiveAndBackup(in: "service") { path, copy in
            let lock = DatabaseFileLock.path(for: path)
            #expect(chown(BackupFiles.folder(of: path), 65534, 65534) == 0)
            #expect(chown(path, 65534, 65534) == 0 && chown(lock, 65534, 65534) == 0 && chmod(lock, 0o640) == 0)
            try await restore(path).restore(from: copy)
            #expect(owner(path) == 65534)
            #expect(try mode(path) == 0o600)
            #expect(owner(lock) == 65534)
            #expect(try mode(lock) == 0o640)
        }
    }

    @Test("even with --force, a backup never replaces the master key file, nor a .key file beside the database")
    func masterKeyRefused() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            try await makeDatabase(path, apps: ["notes"])
            let keys = folder.appendingPathComponent("keys")
            try FileManager.default.createDirectory(at: keys, withIntermediateDirectories: true)
            let key = keys.appendingPathComponent("master").path
            let beside = folder.appendingPathComponent("launchgate.key").path
            let alias = folder.appendingPathComponent("alias").path
            for file in [key, beside] { #expect(FileManager.default.createFile(atPath: file, contents: Data("key".utf8))) }
            #expect(link(key, alias) == 0)
            let backup = DatabaseBackup(location: .sqlite(path: path), masterKeyFile: URL(fileURLWithPath: key), logger: TestBackend.logger)
            for destination in [key, alias, beside] {
                let error = await #expect(throws: BackupError.self, "\(destination)") { try await backup.write(to: destination, overwrite: true) }
                #expect(error?.code == "unsafe-backup-destination")
                #expect(contents(destination) == "key", "\(destination)")
            }
        }
    }

    @Test("a SQLite URI (file:…) is refused as a database path, so the lock and SQLite always mean one file")
    func uriRefused() async throws {
        for text in ["file:lg.sqlite", "file:lg.sqlite?mode=rwc", "sqlite://file:lg.sqlite", "FILE:lg.sqlite"] {
            #expect(throws: StorageError.self, "\(text)") { _ = try DatabaseLocation(parsing: text) }
        }
        await #expect(throws: StorageError.self) { _ = try await Database.open(.sqlite(path: "file:lg.sqlite"), logger: TestBackend.logger) }
        await #expect(throws: StorageError.self) {
            try await backup("file:lg.sqlite").write(to: "/nonexistent/out.sqlite", overwrite: false)
        }
    }

    @Test("a FIFO or a folder at the lock's path is refused at once instead of blocking")
    func lockNotRegular() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            #expect(mkfifo(DatabaseFileLock.path(for: path), 0o600) == 0)
            #expect(throws: StorageError.self) { _ = try DatabaseFileLock.shared(for: path) }
            let other = folder.appendingPathComponent("other.sqlite").path
            try FileManager.default.createDirectory(atPath: DatabaseFileLock.path(for: other), withIntermediateDirectories: true)
            #expect(throws: StorageError.self) { _ = try DatabaseFileLock.shared(for: other) }
        }
    }

    @Test("restore refuses a FIFO as its input at once, and a database whose folder doesn't exist")
    func restoreInputAndFolder() async throws {
        try await withFolder { folder in
            let path = folder.appendingPathComponent("lg.sqlite").path
            let fifo = folder.appendingPathComponent("backup.fifo").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let error = await #expect(throws: BackupError.self) { try await restore(path).restore(from: fifo) }
            #expect(error?.code == "not-a-database")
            let copy = folder.appendingPathComponent("copy.sqlite").path
            try await makeDatabase(copy, apps: ["from-backup"])
            let missing = await #expect(throws: BackupError.self) {
                try await restore(folder.appendingPathComponent("missing/lg.sqlite").path).restore(from: copy)
            }
            #expect(missing?.code == "no-database-folder")
        }
    }
}
