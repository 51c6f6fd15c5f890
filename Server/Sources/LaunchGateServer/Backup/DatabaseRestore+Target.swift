import Foundation
import SQLiteNIO

extension DatabaseRestore {
    /// Makes the database about to be replaced self-contained, so that nothing beside it can be
    /// replayed into the restored file: a crashed server's `-wal` is checkpointed into it (and so
    /// replaced with it, not lost unseen), a hot `-journal` is rolled back into it, and it leaves
    /// WAL mode, which SQLite refuses while any other connection has it open.
    /// - Parameters:
    ///   - path: The database's canonical path (its lock is held exclusively).
    ///   - shown: The path as the operator gave it, for messages.
    /// - Throws: ``BackupError`` `databaseInUse` when another connection has it open,
    ///   `unsettledDatabase` when a companion holds data that could not be settled.
    static func settle(_ path: String, shownAs shown: String) throws {
        var info = stat()
        if lstat(path, &info) == 0 {
            do {
                try withSQLite(path, readOnly: false) { db in
                    // Reading rolls a hot journal back; the checkpoint empties the -wal into the file.
                    _ = try strings(db, "SELECT name FROM sqlite_master", column: "name")
                    try db.run("PRAGMA wal_checkpoint(TRUNCATE)", []) { _ in }
                    let mode = try strings(db, "PRAGMA journal_mode = DELETE", column: "journal_mode").first
                    guard mode?.lowercased() == "delete" else { throw BackupError.databaseInUse(shown) }
                }
            } catch let error as SQLiteStatementError {
                // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with any extended code: another connection.
                if [5, 6].contains(error.code & 0xff) { throw BackupError.databaseInUse(shown) }
                // A database too damaged to open is what a restore is for, unless it has
                // unsettled data beside it, which removing would lose for good.
                try requireEmptyCompanions(of: path, shownAs: shown, reason: "it could not be opened to checkpoint them (\(error.message))")
            }
        }
        if lstat(path, &info) == 0 {
            // SQLite has read the file, rolling back a hot journal: a -journal still there is not
            // one (never marked, or already played). A -wal should have gone with WAL mode.
            try requireEmptyCompanions(of: path, shownAs: shown, suffixes: ["-wal"], reason: "it was still there after a checkpoint")
        } else {
            try requireEmptyCompanions(of: path, shownAs: shown, reason: "there is no \(shown) for them to belong to")
        }
        BackupFiles.remove(path + "-wal", path + "-journal", path + "-shm")
    }

    /// Refuses when `-wal` or `-journal` (or just `suffixes`) beside `path` holds anything (`-shm` is only an index).
    private static func requireEmptyCompanions(of path: String, shownAs shown: String, suffixes: [String] = ["-wal", "-journal"],
                                               reason: String) throws {
        let full = suffixes.filter { (BackupFiles.size(path + $0) ?? 0) > 0 }
        guard full.isEmpty else { throw BackupError.unsettledDatabase(shown, companions: full.map { shown + $0 }, reason: reason) }
    }
}
