import Foundation
import SQLiteNIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension DatabaseRestore {
    /// Makes the database about to be replaced self-contained, so that nothing beside it can be
    /// replayed into the restored file: a crashed server's `-wal` is checkpointed into it (and so
    /// replaced with it, not lost unseen), a hot `-journal` is rolled back into it, and it leaves
    /// WAL mode, which SQLite refuses while any other connection has it open.
    ///
    /// Only the file checked when the restore began (`expected`) is worked on: it is held open
    /// without following a symlink, SQLite opens it refusing symlinks and creating nothing, and the
    /// file SQLite opened is compared with it (device and inode) before any statement runs. Whoever
    /// can write the folder could otherwise swap in a symlink or another file's hard link, and root
    /// would roll a crafted journal into, or change the journal mode of, that file.
    /// - Parameters:
    ///   - path: The database's canonical path (its lock is held exclusively).
    ///   - shown: The path as the operator gave it, for messages.
    ///   - expected: The file found there when the restore began, or `nil` when there was none.
    ///   - beforeOpen: Runs between the check and SQLite's open, for tests of that race.
    /// - Throws: ``BackupError`` `databaseInUse` when another connection has it open,
    ///   `unsettledDatabase` when a companion holds data that could not be settled,
    ///   `unsafeDatabase` when `path` no longer names `expected`.
    static func settle(_ path: String, shownAs shown: String, expected: FileIdentity?, beforeOpen: () -> Void = {}) throws {
        guard let expected else {
            // Nothing may have appeared since: it would not be a file this restore checked.
            try requireUnchanged(path, nil, shownAs: shown)
            try requireEmptyCompanions(of: path, shownAs: shown, reason: "there is no \(shown) for them to belong to")
            BackupFiles.remove(path + "-wal", path + "-journal", path + "-shm")
            return
        }
        let held = try openUnchanged(path, expected, shownAs: shown)
        defer { systemClose(held) }
        beforeOpen()
        do {
            try withCheckedSQLite(path, expected, shownAs: shown) { db in
                // Reading rolls a hot journal back; the checkpoint empties the -wal into the file.
                _ = try strings(db, "SELECT name FROM sqlite_master", column: "name")
                try db.run("PRAGMA wal_checkpoint(TRUNCATE)", []) { _ in }
                let mode = try strings(db, "PRAGMA journal_mode = DELETE", column: "journal_mode").first
                guard mode?.lowercased() == "delete" else { throw BackupError.databaseInUse(shown) }
            }
        } catch let error as SQLiteStatementError {
            // A symlink swapped in fails SQLite's open (SQLITE_CANTOPEN_SYMLINK, however briefly it
            // was there): that is no damaged database.
            try requireUnchanged(path, expected, shownAs: shown)
            if error.code == 14 | (6 << 8) { throw replaced(shown, expected: expected) }
            // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with any extended code: another connection.
            if [5, 6].contains(error.code & 0xff) { throw BackupError.databaseInUse(shown) }
            // A database too damaged to open is what a restore is for, unless it has
            // unsettled data beside it, which removing would lose for good.
            try requireEmptyCompanions(of: path, shownAs: shown, reason: "it could not be opened to checkpoint them (\(error.message))")
        }
        try requireUnchanged(path, expected, shownAs: shown)
        // SQLite has read the file, rolling back a hot journal: a -journal still there is not
        // one (never marked, or already played). A -wal should have gone with WAL mode.
        try requireEmptyCompanions(of: path, shownAs: shown, suffixes: ["-wal"], reason: "it was still there after a checkpoint")
        BackupFiles.remove(path + "-wal", path + "-journal", path + "-shm")
    }

    /// Opens the database read-write on a connection of its own (refusing a symlink, creating
    /// nothing), checks that SQLite opened the file `expected` names before anything is read or
    /// written, runs `body`, and closes it.
    private static func withCheckedSQLite(_ path: String, _ expected: FileIdentity, shownAs shown: String,
                                          _ body: (SQLiteHandle) throws -> Void) throws {
        let handle = try SQLiteHandle(existingFileAt: path)
        defer { handle.close() }
        guard let descriptor = handle.mainFileDescriptor(), FileIdentity.of(descriptor) == expected else {
            throw replaced(shown, expected: expected)
        }
        try handle.run("PRAGMA busy_timeout = 2000", []) { _ in }
        try body(handle)
    }

    /// Refuses when `-wal` or `-journal` (or just `suffixes`) beside `path` holds anything (`-shm` is only an index).
    private static func requireEmptyCompanions(of path: String, shownAs shown: String, suffixes: [String] = ["-wal", "-journal"],
                                               reason: String) throws {
        let full = suffixes.filter { (BackupFiles.size(path + $0) ?? 0) > 0 }
        guard full.isEmpty else { throw BackupError.unsettledDatabase(shown, companions: full.map { shown + $0 }, reason: reason) }
    }
}
