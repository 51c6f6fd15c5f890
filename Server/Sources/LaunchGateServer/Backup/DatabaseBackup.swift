import Foundation
import Logging
import SQLKit

/// A consistent copy of a SQLite database, made while servers keep reading and writing it.
///
/// `VACUUM INTO` copies one read transaction's snapshot: in WAL mode writers go on meanwhile, and
/// every commit is either wholly in the copy or not at all. It writes into a hidden 0600 file beside
/// the destination, which is synced and renamed into place, so the destination is never a partial
/// copy. The master key is not in the database, so it is not in the copy.
///
/// ```swift
/// let bytes = try await DatabaseBackup(location: .sqlite(path: "launchgate.sqlite"), logger: logger)
///     .write(to: "backup.sqlite", overwrite: false)
/// ```
public struct DatabaseBackup: Sendable {
    private let location: DatabaseLocation
    private let logger: Logger

    /// Creates a backup of the database at `location`.
    /// - Parameters:
    ///   - location: The database to copy; only SQLite can be.
    ///   - logger: For driver logs.
    public init(location: DatabaseLocation, logger: Logger) {
        self.location = location
        self.logger = logger
    }

    /// Writes the copy.
    /// - Parameters:
    ///   - destination: The backup file; its folder must exist.
    ///   - overwrite: Whether an existing `destination` may be replaced.
    /// - Returns: The copy's size in bytes.
    /// - Throws: ``BackupError`` (`postgres`, `noDatabase`, `destinationExists`, `failed`), or
    ///   ``StorageError`` when the database can't be read (a write lock held past the busy timeout).
    @discardableResult
    public func write(to destination: String, overwrite: Bool) async throws -> Int64 {
        guard case .sqlite(let path) = location else { throw BackupError.postgres(restore: false) }
        // Opening would create an empty database where a path was mistyped.
        guard FileManager.default.fileExists(atPath: path) else { throw BackupError.noDatabase(path) }
        try Self.checkDestination(destination, database: path)
        if !overwrite, FileManager.default.fileExists(atPath: destination) { throw BackupError.destinationExists(destination) }

        let temporary = BackupFiles.temporaryPath(beside: destination, purpose: "backup")
        // VACUUM INTO takes an empty file as its target, so the copy keeps the mode made here.
        try Database.createPrivateFile(temporary)
        do {
            let database = try await Database.open(location, logger: logger)
            do {
                // Waits out another writer's lock for the busy timeout, like every statement.
                try await database.read { db in try await db.raw("VACUUM INTO \(bind: temporary)").run() }
            } catch {
                await database.close()
                throw error
            }
            await database.close()
            try BackupFiles.sync(temporary)
            if !overwrite, FileManager.default.fileExists(atPath: destination) { throw BackupError.destinationExists(destination) }
            try BackupFiles.replace(destination, with: temporary)
        } catch {
            BackupFiles.remove(temporary)
            throw error
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: destination)[.size] as? NSNumber)?.int64Value
        return size ?? 0
    }

    /// Refuses a destination that is the database or one of its companion files, however it is
    /// spelled (a symlink, `..`, another hard link: compared by device and inode), and anything
    /// that exists but isn't a regular file. `--force` over the live database would rename a copy
    /// over the file a server is writing, which corrupts it.
    static func checkDestination(_ destination: String, database: String) throws {
        guard !destination.isEmpty else { throw BackupError.unsafeDestination("''", reason: "the path is empty") }
        var target = stat()
        if lstat(destination, &target) == 0 {
            let type = target.st_mode & S_IFMT
            guard type == S_IFREG || type == S_IFLNK else {
                throw BackupError.unsafeDestination(destination, reason: "it exists and is not a regular file")
            }
        }
        // stat follows a symlink: a link to the database is the database.
        guard stat(destination, &target) == 0 else { return }
        for companion in ["", "-wal", "-shm", "-journal", ".lock"] {
            var other = stat()
            if stat(database + companion, &other) == 0, other.st_dev == target.st_dev, other.st_ino == target.st_ino {
                throw BackupError.unsafeDestination(destination, reason: "it is the database \(database)\(companion.isEmpty ? "" : " (its \(companion) file)")")
            }
        }
    }
}
