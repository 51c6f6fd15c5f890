import Foundation
import Logging
import SQLKit

/// A consistent copy of a SQLite database, made while servers keep reading and writing it.
///
/// `VACUUM INTO` copies one read transaction's snapshot: in WAL mode writers go on meanwhile, and
/// every commit is either wholly in the copy or not at all. The database is opened read-only, so
/// the backup changes nothing in it, not even its journal mode. The copy is written into a private
/// 0700 folder beside the destination (``BackupTemporaryFile``), checked, synced and renamed into place, so
/// the destination is never a partial copy; leftovers of a killed backup are removed by the next
/// one. The master key is not in the database, so it is not in the copy.
///
/// ```swift
/// let summary = try await DatabaseBackup(location: .sqlite(path: "launchgate.sqlite"), logger: logger)
///     .write(to: "backup.sqlite", overwrite: false)
/// ```
public struct DatabaseBackup: Sendable {
    /// What a backup did.
    public struct Summary: Sendable, Equatable {
        /// The copy's size in bytes.
        public var bytes: Int64
        /// Temporary files of killed backups to the same destination, removed first.
        public var removedLeftovers: [String]
    }

    private let location: DatabaseLocation
    private let masterKeyFile: String?
    private let logger: Logger
    private let now: @Sendable () -> Date

    /// Creates a backup of the database at `location`.
    /// - Parameters:
    ///   - location: The database to copy; only SQLite can be.
    ///   - masterKeyFile: The configured master key file, which a backup must never replace.
    ///   - logger: For driver logs.
    ///   - now: The clock: temporary files older than the run, and held by nobody, are leftovers.
    public init(location: DatabaseLocation, masterKeyFile: URL? = nil, logger: Logger, now: @escaping @Sendable () -> Date = Date.init) {
        self.location = location
        self.masterKeyFile = masterKeyFile?.path
        self.logger = logger
        self.now = now
    }

    /// Writes the copy.
    /// - Parameters:
    ///   - destination: The backup file; its folder must exist.
    ///   - overwrite: Whether an existing `destination` may be replaced.
    /// - Returns: The copy's size, and the leftovers removed.
    /// - Throws: ``BackupError`` (`postgres`, `noDatabase`, `unsafeDestination`, `destinationExists`,
    ///   `failed`), or ``StorageError`` when the database can't be read (a write lock held past the
    ///   busy timeout, or a restore replacing it).
    @discardableResult
    public func write(to destination: String, overwrite: Bool) async throws -> Summary {
        let start = now()
        guard case .sqlite(let path) = location else { throw BackupError.postgres(restore: false) }
        try DatabaseLocation.requireFilePath(path)
        // Checked before anything is written anywhere, the temporary file included.
        let exists = try Self.checkDestination(destination, database: path)
        try Self.requireNotKey(destination, database: path, masterKeyFile: masterKeyFile)
        // Opening would create an empty database where a path was mistyped.
        guard FileManager.default.fileExists(atPath: path) else { throw BackupError.noDatabase(path) }
        if !overwrite, exists { throw BackupError.destinationExists(destination) }

        let removed = BackupTemporaryFile.removeStale(beside: destination, purpose: "backup", olderThan: start)
        let temporary = try BackupTemporaryFile(beside: destination, purpose: "backup")
        defer { temporary.close() }
        do {
            // VACUUM INTO takes an empty file as its target, so the copy keeps the mode made here.
            let database = try await Database.open(location, readOnly: true, logger: logger)
            do {
                // Waits out another writer's lock for the busy timeout, like every statement.
                let target = temporary.path
                try await database.read { db in try await db.raw("VACUUM INTO \(bind: target)").run() }
            } catch {
                await database.close()
                throw error
            }
            await database.close()
            // Without --force, the rename itself refuses a file that appeared since the check above.
            try temporary.install(as: destination, replace: overwrite)
        } catch {
            temporary.discard()
            throw error
        }
        return Summary(bytes: BackupFiles.size(destination) ?? 0, removedLeftovers: removed)
    }

    /// Refuses a destination that can't be a backup file, before anything is written: an empty
    /// path, a folder, a file in a folder that doesn't exist, a dangling symlink, anything that
    /// exists but isn't a regular file, and the database or one of its companion files however it
    /// is spelled (a symlink, `..`, another hard link: compared by device and inode). `--force` over
    /// the live database would rename a copy over the file a server is writing, which corrupts it.
    /// - Returns: Whether something is at `destination` already.
    static func checkDestination(_ destination: String, database: String) throws -> Bool {
        guard !destination.isEmpty else { throw BackupError.unsafeDestination("''", reason: "the path is empty") }
        let name = URL(fileURLWithPath: destination).lastPathComponent
        guard !destination.hasSuffix("/"), name != ".", name != ".." else {
            throw BackupError.unsafeDestination(destination, reason: "it names a folder; name the backup file, as in \(destination.hasSuffix("/") ? destination : destination + "/")launchgate-backup.sqlite")
        }
        var folder = stat()
        let folderPath = BackupFiles.folder(of: destination)
        guard stat(folderPath, &folder) == 0, folder.st_mode & S_IFMT == S_IFDIR else {
            throw BackupError.unsafeDestination(destination, reason: "its folder \(folderPath) does not exist")
        }
        var target = stat()
        guard lstat(destination, &target) == 0 else { return false }
        let type = target.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFLNK else {
            throw BackupError.unsafeDestination(destination, reason: "it exists and is not a regular file")
        }
        // stat follows a symlink: a link to the database is the database.
        guard stat(destination, &target) == 0 else {
            throw BackupError.unsafeDestination(destination, reason: "it is a symlink to nothing; remove it or name another file")
        }
        guard target.st_mode & S_IFMT == S_IFREG else {
            throw BackupError.unsafeDestination(destination, reason: "it links to something that is not a regular file")
        }
        for companion in ["", "-wal", "-shm", "-journal", ".lock"] {
            var other = stat()
            if stat(database + companion, &other) == 0, other.st_dev == target.st_dev, other.st_ino == target.st_ino {
                throw BackupError.unsafeDestination(destination, reason: "it is the database \(database)\(companion.isEmpty ? "" : " (its \(companion) file)")")
            }
        }
        return true
    }
}
