import Foundation
import Logging
import SQLKit
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
    /// Only the file checked when the restore began (`expected`) is worked on. It is held open
    /// without following a symlink (so its inode can't be reused meanwhile), SQLite opens it by
    /// name creating nothing, and before any statement runs (SQLite has then read no more than
    /// its header) the name is checked again: still that regular file, not a symlink or another
    /// file's hard link swapped in. Whoever can write the folder could otherwise have root roll a
    /// crafted journal into, or change the journal mode of, another file. SQLite's public API
    /// doesn't say which file it opened, so a swap made just before SQLite's open and undone
    /// before the check after it is not seen; a swap still in place is.
    /// - Parameters:
    ///   - path: The database's canonical path (its lock is held exclusively).
    ///   - shown: The path as the operator gave it, for messages.
    ///   - expected: The file found there when the restore began, or `nil` when there was none.
    ///   - logger: For SQLite's logs.
    ///   - beforeOpen: Runs between the check and SQLite's open, for tests of that race.
    /// - Throws: ``BackupError`` `databaseInUse` when another connection has it open,
    ///   `unsettledDatabase` when a companion holds data that could not be settled,
    ///   `unsafeDatabase` when `path` no longer names `expected`.
    static func settle(_ path: String, shownAs shown: String, expected: FileIdentity?, logger: Logger,
                       beforeOpen: () -> Void = {}) async throws {
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
            try await SQLiteFile.withConnection(path, access: .readWrite, logger: logger) { db in
                try requireUnchanged(path, expected, shownAs: shown)
                // Reading rolls a hot journal back; the checkpoint empties the -wal into the file.
                try await db.raw("SELECT name FROM sqlite_master").run()
                try await db.raw("PRAGMA wal_checkpoint(TRUNCATE)").run()
                let mode = try await db.raw("PRAGMA journal_mode = DELETE").first()?.decode(column: "journal_mode", as: String.self)
                guard mode?.lowercased() == "delete" else { throw BackupError.databaseInUse(shown) }
            }
        } catch let error as SQLiteError {
            try requireUnchanged(path, expected, shownAs: shown)
            if error.isBusy { throw BackupError.databaseInUse(shown) }
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

    /// Refuses when `-wal` or `-journal` (or just `suffixes`) beside `path` holds anything (`-shm` is only an index).
    private static func requireEmptyCompanions(of path: String, shownAs shown: String, suffixes: [String] = ["-wal", "-journal"],
                                               reason: String) throws {
        let full = suffixes.filter { (BackupFiles.size(path + $0) ?? 0) > 0 }
        guard full.isEmpty else { throw BackupError.unsettledDatabase(shown, companions: full.map { shown + $0 }, reason: reason) }
    }
}
