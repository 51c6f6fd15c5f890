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
    /// its header) two checks: the name is still that regular file, and the file SQLite opened is that file.
    /// SQLite's API doesn't say which file it opened, so the process's open descriptors are
    /// listed (`/proc/self/fd`) and one other than ours must be `expected`: the restore holds
    /// the database's lock, so no other connection of this process has it open, and a symlink
    /// or another file's hard link swapped in just before SQLite's open and undone just after
    /// leaves none. Whoever can write the folder could otherwise have root roll a crafted
    /// journal into, or change the journal mode of, another file.
    /// - Parameters:
    ///   - path: The database's canonical path (its lock is held exclusively).
    ///   - shown: The path as the operator gave it, for messages.
    ///   - expected: The file found there when the restore began, or `nil` when there was none.
    ///   - logger: For SQLite's logs.
    ///   - beforeOpen: Runs between the check and SQLite's open, for tests of that race.
    ///   - afterOpen: Runs between SQLite's open and the checks after it, for tests of that race.
    /// - Throws: ``BackupError`` `databaseInUse` when another connection has it open,
    ///   `unsettledDatabase` when a companion holds data that could not be settled,
    ///   `unsafeDatabase` when `path` no longer names `expected`.
    static func settle(_ path: String, shownAs shown: String, expected: FileIdentity?, logger: Logger,
                       beforeOpen: () -> Void = {}, afterOpen: @escaping @Sendable () -> Void = {}) async throws {
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
            try await SQLiteFile.withConnection(path, access: .readWrite, logger: logger) { [held] db in
                afterOpen()
                try requireUnchanged(path, expected, shownAs: shown)
                try requireOpened(expected, besides: held, shownAs: shown)
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

    /// Refuses unless a descriptor other than `held` refers to `expected`: the one SQLite just opened.
    private static func requireOpened(_ expected: FileIdentity, besides held: Int32, shownAs shown: String) throws {
        switch FileIdentity.isOpen(expected, excluding: held) {
        case true?:
            return
        case false?:
            throw BackupError.unsafeDatabase(shown, reason: "SQLite opened another file than the one checked when the restore began "
                + "(it was replaced, by a symlink or another file, while SQLite opened it)")
        case nil:
            throw BackupError.unsafeDatabase(shown, reason: "this process's open files can't be listed (is /proc mounted?), "
                + "so which file SQLite opened can't be checked")
        }
    }

    /// Refuses when `-wal` or `-journal` (or just `suffixes`) beside `path` holds anything (`-shm` is only an index).
    private static func requireEmptyCompanions(of path: String, shownAs shown: String, suffixes: [String] = ["-wal", "-journal"],
                                               reason: String) throws {
        let full = suffixes.filter { (BackupFiles.size(path + $0) ?? 0) > 0 }
        guard full.isEmpty else { throw BackupError.unsettledDatabase(shown, companions: full.map { shown + $0 }, reason: reason) }
    }
}
