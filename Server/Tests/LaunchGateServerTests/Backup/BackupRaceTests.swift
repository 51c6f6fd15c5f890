import Foundation
import Synchronization
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

/// What another user who can write the database's folder, or name the backup, can't make a
/// restore or a backup do by swapping files while it runs: have root work on another file through
/// a symlink or a hard link, hang on a FIFO, leave folders behind, or replace a file that appeared.
@Suite("Backup and restore against files swapped while they run")
struct BackupRaceTests: BackupFixture {
    /// A WAL-mode LaunchGate database outside the database's folder, and its bytes.
    private func victim(outside path: String) async throws -> (path: String, bytes: Data) {
        let victim = BackupFiles.folder(of: BackupFiles.folder(of: path)) + "/victim.sqlite"
        try await makeDatabase(victim, apps: ["victim"])
        #expect(try journalByte(victim) == 2, "in WAL mode, which settling would change")
        return (victim, try Data(contentsOf: URL(fileURLWithPath: victim)))
    }

    /// A restore that runs `swap` at one of its seams.
    private func restore(_ path: String, seam: WritableKeyPath<DatabaseRestore.Seams, @Sendable () -> Void>,
                         _ swap: @escaping @Sendable () -> Void) -> DatabaseRestore {
        var swapping = self.restore(path)
        swapping.seams[keyPath: seam] = swap
        return swapping
    }

    /// What the thread standing in for the other user tells the test.
    private final class Flags: Sendable {
        let done = Mutex(false)
        let opened = Mutex(false)
    }

    // MARK: Tests

    @Test("a database swapped for a symlink after it was checked is never opened through it: the restore stops, and the file it points to keeps its bytes and journal mode")
    func symlinkBeforeSettle() async throws {
        try await withLiveAndBackup(in: "service") { path, copy in
            let victim = try await self.victim(outside: path)
            let swapping = restore(path, seam: \.beforeSettle) {
                _ = rename(path, path + ".moved")
                _ = symlink(victim.path, path)
            }
            let error = await #expect(throws: BackupError.self) { try await swapping.restore(from: copy) }
            #expect(error?.code == "unsafe-database", "\(String(describing: error))")
            #expect(error?.message.contains("Nothing was changed") == true)
            #expect(try Data(contentsOf: URL(fileURLWithPath: victim.path)) == victim.bytes)
            #expect(try journalByte(victim.path) == 2)
            #expect(try await apps(path + ".moved") == ["live"])
            let names = try FileManager.default.contentsOfDirectory(atPath: BackupFiles.folder(of: path))
            #expect(!names.contains { $0.contains("before-restore") }, "no second name was kept: \(names)")
        }
    }

    @Test("a database swapped for another file's hard link just before SQLite opens it is refused before SQLite reads or writes it")
    func hardLinkBeforeOpen() async throws {
        try await withLiveAndBackup(in: "service") { path, copy in
            let victim = try await self.victim(outside: path)
            let swapping = restore(path, seam: \.beforeSettleOpen) {
                _ = rename(path, path + ".moved")
                _ = link(victim.path, path)
            }
            let error = await #expect(throws: BackupError.self) { try await swapping.restore(from: copy) }
            #expect(error?.code == "unsafe-database", "\(String(describing: error))")
            #expect(try Data(contentsOf: URL(fileURLWithPath: victim.path)) == victim.bytes)
            #expect(try journalByte(victim.path) == 2)
        }
    }

    @Test("a database swapped for a symlink or a hard link just before SQLite opens it and swapped back just after is refused before SQLite reads or writes the file it opened",
          arguments: [true, false])
    func swappedOnlyWhileOpened(symbolic: Bool) async throws {
        try await withLiveAndBackup(in: "service") { path, copy in
            let victim = try await self.victim(outside: path)
            var swapping = restore(path, seam: \.beforeSettleOpen) {
                _ = rename(path, path + ".moved")
                _ = symbolic ? symlink(victim.path, path) : link(victim.path, path)
            }
            swapping.seams.afterSettleOpen = {
                _ = rename(path + ".moved", path)
            }
            let error = await #expect(throws: BackupError.self) { try await swapping.restore(from: copy) }
            #expect(error?.code == "unsafe-database", "\(String(describing: error))")
            #expect(error?.message.contains("SQLite opened another file") == true, "\(String(describing: error))")
            #expect(try Data(contentsOf: URL(fileURLWithPath: victim.path)) == victim.bytes)
            #expect(try journalByte(victim.path) == 2)
            #expect(try await apps(path) == ["live"])
        }
    }

    @Test("a database swapped for another file after it was settled and kept is not renamed over: the file swapped in stays, and no second name is left")
    func swapBeforeRename() async throws {
        try await withLiveAndBackup { path, copy in
            let swapping = restore(path, seam: \.beforeInstall) {
                _ = rename(path, path + ".moved")
                _ = FileManager.default.createFile(atPath: path, contents: Data("swapped in".utf8))
            }
            let error = await #expect(throws: BackupError.self) { try await swapping.restore(from: copy) }
            #expect(error?.code == "unsafe-database", "\(String(describing: error))")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "swapped in")
            let names = try FileManager.default.contentsOfDirectory(atPath: BackupFiles.folder(of: path))
            #expect(!names.contains { $0.contains("before-restore") }, "the second name made for the replaced database was dropped: \(names)")
        }
    }

    @Test("a backup file swapped for a FIFO after it was checked is read through the descriptor checked: the restore neither opens the FIFO nor hangs")
    func fifoInput() async throws {
        try await withLiveAndBackup { path, copy in
            let swapping = restore(path, seam: \.afterInputCheck) {
                _ = rename(copy, copy + ".moved")
                _ = mkfifo(copy, 0o600)
            }
            // Whoever swapped it would write junk to a reader, which also ends a restore stuck in open(2).
            let flags = Flags()
            Thread.detachNewThread {
                let deadline = Date().addingTimeInterval(10)
                while !flags.done.withLock({ $0 }), Date() < deadline {
                    // Only once the FIFO is there (opening it without a reader fails with ENXIO).
                    var info = stat()
                    let writer = lstat(copy, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO ? open(copy, O_WRONLY | O_NONBLOCK) : -1
                    if writer >= 0 {
                        flags.opened.withLock { $0 = true }
                        _ = write(writer, "junk", 4)
                        close(writer)
                        return
                    }
                    usleep(10_000)
                }
            }
            defer { flags.done.withLock { $0 = true } }
            try await swapping.restore(from: copy)
            #expect(!flags.opened.withLock { $0 }, "the FIFO was opened for reading")
            #expect(try await apps(path) == ["from-backup"])
        }
    }

    @Test("a private folder renamed away while in use is found by device and inode and removed afterwards")
    func renamedPrivateFolder() async throws {
        try await withFolder { folder in
            let destination = folder.appendingPathComponent("backup.sqlite").path
            let temporary = try BackupTemporaryFile(beside: destination, purpose: "backup")
            let moved = folder.appendingPathComponent("moved").path
            #expect(rename(temporary.folderPath, moved) == 0)
            temporary.discard()
            #expect(!FileManager.default.fileExists(atPath: moved))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    @Test("without --force, a file that appears at the destination after the check is never replaced")
    func noReplace() async throws {
        try await withFolder { folder in
            let destination = folder.appendingPathComponent("backup.sqlite").path
            let temporary = try BackupTemporaryFile(beside: destination, purpose: "backup")
            try Data("copy".utf8).write(to: URL(fileURLWithPath: temporary.path))
            try Data("theirs".utf8).write(to: URL(fileURLWithPath: destination))
            let error = #expect(throws: BackupError.self) { try temporary.install(as: destination, replace: false) }
            #expect(error?.code == "backup-exists")
            #expect(try String(contentsOfFile: destination, encoding: .utf8) == "theirs")
            temporary.discard()
        }
    }

    @Test("the move that never replaces, by renameat2 and by link where that is missing: refused onto a file, done onto nothing", arguments: [true, false])
    func moveWithoutReplacing(useRename: Bool) async throws {
        try await withFolder { folder in
            let source = folder.appendingPathComponent("source").path
            let taken = folder.appendingPathComponent("taken").path
            let free = folder.appendingPathComponent("free").path
            try Data("copy".utf8).write(to: URL(fileURLWithPath: source))
            try Data("theirs".utf8).write(to: URL(fileURLWithPath: taken))
            let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
            defer { close(descriptor) }
            #expect(BackupTemporaryFile.move("source", in: descriptor, toNew: taken, useRename: useRename) == EEXIST)
            #expect(try String(contentsOfFile: taken, encoding: .utf8) == "theirs")
            #expect(BackupTemporaryFile.move("source", in: descriptor, toNew: free, useRename: useRename) == 0)
            #expect(try String(contentsOfFile: free, encoding: .utf8) == "copy")
            #expect(!FileManager.default.fileExists(atPath: source))
        }
    }
}
