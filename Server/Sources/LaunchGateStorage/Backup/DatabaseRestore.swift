import Foundation
import Logging

/// Replaces a SQLite database with a backup, only when nothing has the database open, the backup
/// is a sound LaunchGate database, and the configured master key opens its signing keys.
///
/// In order, all while holding the database's lock exclusively (``DatabaseFileLock``, beside the
/// database's canonical path; refused while a server or a command holds it):
/// 1. Copy the backup through the descriptor opened and checked first (never reopened by name)
///    into a private 0700 folder (``BackupTemporaryFile``), check it there, opened read-only (its
///    own `-wal` included), with SQLite's integrity check, and copy it with `VACUUM INTO`: a
///    self-contained file in rollback mode, with no companion file.
/// 2. Check the copy: the migrations (none this version doesn't know, none skipped), every schema
///    object against the ones its migrations make, and that the master key opens every sealed
///    signing key.
/// 3. Settle the database being replaced: open it, checkpoint its `-wal` into it and leave WAL
///    mode, which SQLite refuses while any other connection has it open (a second guard, for a
///    process that bypassed or lost the lock file). Its `-wal`, `-shm` and `-journal` are then
///    gone or proven empty, so none of them can be replayed into the restored file.
/// 4. Keep the database as `NAME.before-restore-TIMESTAMP` (a hard link, 0600), and rename the copy
///    over it, with the replaced file's owner, 0600.
///
/// A database path that is a symlink, that isn't a regular file, or whose file another user owns
/// (not the folder's owner, not the one restoring) is refused before anything is done. Whoever
/// owns the folder can still swap the file afterwards, so settling (before and after SQLite opens
/// the file, before any statement runs), keeping and the rename each check that the path still
/// names the file first checked (device and inode); otherwise the restore stops (`unsafeDatabase`).
///
/// Until the rename the database holds what it held; the backup file itself is never changed.
public struct DatabaseRestore: Sendable {
    /// What was restored.
    public struct Summary: Sendable, Equatable {
        /// The migrations the backup had.
        public var applied: [String]
        /// Migrations newer than the backup, which the next `serve` or `migrate` applies.
        public var pending: [String]
        /// Temporary files of killed restores, removed first.
        public var removedLeftovers: [String] = []
        /// Where the replaced database was kept (`NAME.before-restore-TIMESTAMP`), if there was one.
        public var keptAs: String?
    }

    /// The master key a restored database will be opened with: `LAUNCHGATE_MASTER_KEY`, or the file.
    public struct MasterKeySource: Sendable {
        /// `LAUNCHGATE_MASTER_KEY`, when set; it wins over the file.
        public var environmentValue: String?
        /// The key file.
        public var file: URL

        /// Names the key.
        /// - Parameters:
        ///   - environmentValue: `LAUNCHGATE_MASTER_KEY`, if set.
        ///   - file: The key file.
        public init(environmentValue: String?, file: URL) {
            self.environmentValue = environmentValue
            self.file = file
        }
    }

    /// Points inside a restore where tests act as another user would meanwhile.
    struct Seams: Sendable {
        /// After the backup file was opened and checked, before it is copied.
        var afterInputCheck: @Sendable () -> Void = {}
        /// After the backup was copied and checked, before the database is settled.
        var beforeSettle: @Sendable () -> Void = {}
        /// In settling, after the database was checked again, before SQLite opens it.
        var beforeSettleOpen: @Sendable () -> Void = {}
        /// In settling, after SQLite opened the database, before it is checked again and any statement runs.
        var afterSettleOpen: @Sendable () -> Void = {}
        /// After the database was settled and kept, before the copy is renamed over it.
        var beforeInstall: @Sendable () -> Void = {}
    }

    package let location: DatabaseLocation
    package let masterKey: MasterKeySource?
    package let logger: Logger
    private let now: @Sendable () -> Date
    /// No-ops, but in tests.
    var seams = Seams()

    /// Creates a restore into the database at `location`.
    /// - Parameters:
    ///   - location: The database to replace; only SQLite can be.
    ///   - masterKey: The key that must open the backup's signing keys; `nil` skips the check
    ///     (`--allow-foreign-key`).
    ///   - logger: For driver logs.
    ///   - now: The clock: temporary files older than the run, and held by nobody, are leftovers.
    public init(location: DatabaseLocation, masterKey: MasterKeySource?, logger: Logger, now: @escaping @Sendable () -> Date = Date.init) {
        self.location = location
        self.masterKey = masterKey
        self.logger = logger
        self.now = now
    }

    /// Restores `file` over the database.
    /// - Parameter file: A file written by ``DatabaseBackup``.
    /// - Returns: The backup's migrations, the ones still to apply, and the leftovers removed.
    /// - Throws: ``BackupError``: `postgres`, `noFile`, `databaseInUse`, `notADatabase`,
    ///   `notLaunchGate`, `newerSchema`, `foreignMasterKey`, `unsettledDatabase`, `unsafeDatabase`,
    ///   `noDatabaseFolder`, `failed`;
    ///   ``MasterKeyError`` when the key can't be read. The database is unchanged when it throws.
    @discardableResult
    public func restore(from file: String) async throws -> Summary {
        let start = now()
        guard case .sqlite(let given) = location else { throw BackupError.postgres(restore: true) }
        try DatabaseLocation.requireFilePath(given)
        let input = try Self.openInput(file)
        defer { systemClose(input) }
        // The file itself, in its own folder: a symlink there (planted by whoever owns the folder)
        // would have root rename a copy over the file it points to. From here on, every step
        // checks that the path still names this very file (device and inode).
        let existing = try Self.checkTarget(given)
        let expected = existing.map(FileIdentity.init)
        let path = DatabaseFileLock.canonicalPath(given)
        guard let lock = try DatabaseFileLock.exclusive(for: path) else { throw BackupError.databaseInUse(given) }
        defer { lock.release() }
        try Self.requireUnchanged(path, expected, shownAs: given)

        let removed = BackupTemporaryFile.removeStale(beside: path, purpose: "restore", olderThan: start)
        let candidate = try BackupTemporaryFile(beside: path, purpose: "restore")
        defer { candidate.close() }
        var kept: String?
        do {
            seams.afterInputCheck()
            try await Self.copy(input, named: file, to: candidate, logger: logger)
            var summary = try await check(candidate.path, named: file)
            try await checkSchema(candidate.path, applied: summary.applied, template: candidate.scratchPath, named: file)
            summary.removedLeftovers = removed
            seams.beforeSettle()
            try await Self.settle(path, shownAs: given, expected: expected, logger: logger, beforeOpen: seams.beforeSettleOpen,
                                  afterOpen: seams.afterSettleOpen)
            if let expected { summary.keptAs = try Self.keep(path, shownAs: given, at: start, expected: expected) }
            kept = summary.keptAs.map { path + $0.dropFirst(given.count) }
            seams.beforeInstall()
            // The restored file keeps the replaced one's owner (a new one gets the folder's).
            try candidate.install(as: path, owner: existing.map { ($0.st_uid, $0.st_gid) }) {
                try Self.requireUnchanged(path, expected, shownAs: given)
            }
            return summary
        } catch {
            candidate.discard()
            // Nothing was replaced: the database is still under its own name, so its second is dropped.
            if let kept { BackupFiles.remove(kept) }
            throw error
        }
    }
}
