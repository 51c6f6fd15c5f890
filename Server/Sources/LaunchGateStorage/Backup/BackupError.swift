/// Why `launchgate backup` or `launchgate restore` did nothing.
///
/// A struct over a private enum, so cases can be added without breaking callers. Nothing is
/// changed when one is thrown: a backup leaves no partial file, a restore leaves the database as it was.
public struct BackupError: LaunchGateFailure {
    private enum Reason {
        case postgres(restore: Bool), noDatabase(String), destinationExists(String), noFile(String)
        case databaseInUse(String), notADatabase(file: String, reason: String), newerSchema(file: String, names: [String])
        case notLaunchGate(String), failed(String), unsafeDestination(String, reason: String)
        case foreignMasterKey(file: String, key: String, missing: Bool), unsettledDatabase(String, companions: [String], reason: String)
        case unsafeDatabase(String, reason: String), noDatabaseFolder(String), cantCreate(String)
    }

    private let reason: Reason

    /// The database is PostgreSQL, which `pg_dump` and `pg_restore` back up and restore.
    package static func postgres(restore: Bool) -> BackupError { BackupError(reason: .postgres(restore: restore)) }
    /// There is no SQLite file to back up at `path`.
    package static func noDatabase(_ path: String) -> BackupError { BackupError(reason: .noDatabase(path)) }
    /// The backup file exists and `--force` was not given.
    package static func destinationExists(_ path: String) -> BackupError { BackupError(reason: .destinationExists(path)) }
    /// The file to restore does not exist or can't be read.
    package static func noFile(_ path: String) -> BackupError { BackupError(reason: .noFile(path)) }
    /// A server or a command has the database open.
    package static func databaseInUse(_ path: String) -> BackupError { BackupError(reason: .databaseInUse(path)) }
    /// The file is not a sound SQLite database.
    package static func notADatabase(file: String, reason: String) -> BackupError { BackupError(reason: .notADatabase(file: file, reason: reason)) }
    /// The file was made by a newer `launchgate`, whose migrations this one doesn't know.
    package static func newerSchema(file: String, names: [String]) -> BackupError { BackupError(reason: .newerSchema(file: file, names: names)) }
    /// The file is a SQLite database, but not LaunchGate's.
    package static func notLaunchGate(_ file: String) -> BackupError { BackupError(reason: .notLaunchGate(file)) }
    /// Copying or replacing a file failed; the message says which and why.
    package static func failed(_ message: String) -> BackupError { BackupError(reason: .failed(message)) }
    /// A destination that a backup must never replace: the database itself, its companions, or a
    /// file that isn't a regular one (a device, a FIFO, a directory).
    package static func unsafeDestination(_ path: String, reason: String) -> BackupError {
        BackupError(reason: .unsafeDestination(path, reason: reason))
    }

    /// The database a restore would replace can't be replaced safely: a symlink, not a regular
    /// file, or owned by another user.
    package static func unsafeDatabase(_ path: String, reason: String) -> BackupError {
        BackupError(reason: .unsafeDatabase(path, reason: reason))
    }
    /// A file can't be created where it must be (a folder that isn't writable); the message says which.
    package static func cantCreate(_ message: String) -> BackupError { BackupError(reason: .cantCreate(message)) }
    /// The folder a restore would write the database into does not exist.
    package static func noDatabaseFolder(_ path: String) -> BackupError { BackupError(reason: .noDatabaseFolder(path)) }

    /// The backup holds signing keys that the configured master key (`key`: a file, or
    /// `LAUNCHGATE_MASTER_KEY`) does not open, or, with `missing`, there is no master key at all.
    package static func foreignMasterKey(file: String, key: String, missing: Bool) -> BackupError {
        BackupError(reason: .foreignMasterKey(file: file, key: key, missing: missing))
    }
    /// `-wal` or `-journal` files beside the database hold data that could not be checkpointed
    /// into it; removing them would lose it.
    package static func unsettledDatabase(_ path: String, companions: [String], reason: String) -> BackupError {
        BackupError(reason: .unsettledDatabase(path, companions: companions, reason: reason))
    }

    /// See ``LaunchGateFailure/code``.
    public var code: String {
        switch reason {
        case .postgres: "postgres"
        case .noDatabase: "no-database"
        case .destinationExists: "backup-exists"
        case .noFile: "no-backup-file"
        case .databaseInUse: "database-in-use"
        case .notADatabase: "not-a-database"
        case .newerSchema: "newer-schema"
        case .notLaunchGate: "not-launchgate"
        case .failed: "backup-failed"
        case .unsafeDestination: "unsafe-backup-destination"
        case .foreignMasterKey: "foreign-master-key"
        case .unsettledDatabase: "unsettled-database"
        case .unsafeDatabase: "unsafe-database"
        case .noDatabaseFolder: "no-database-folder"
        case .cantCreate: "cant-create"
        }
    }

    /// See ``LaunchGateFailure/message``.
    public var message: String {
        switch reason {
        case .postgres(restore: false):
            "backup copies SQLite files; on PostgreSQL use pg_dump, as in: pg_dump --format=custom --file=launchgate.dump \"$LAUNCHGATE_DATABASE_URL\""
        case .postgres(restore: true):
            "restore replaces SQLite files; on PostgreSQL use pg_restore, as in: pg_restore --clean --if-exists --dbname=\"$LAUNCHGATE_DATABASE_URL\" launchgate.dump"
        case .noDatabase(let path): "there is no database at \(path) to back up; check --database-url or LAUNCHGATE_DATABASE_URL"
        case .destinationExists(let path): "\(path) already exists; choose another file, or add --force to replace it"
        case .noFile(let path): "can't read \(path); name a file written by 'launchgate backup'"
        case .databaseInUse(let path):
            "\(path) is open in another process (a server, or a launchgate command); stop it first (systemctl stop launchgate), then restore. Nothing was changed"
        case .notADatabase(let file, let reason): "\(file) is not a sound SQLite database (\(reason)); nothing was changed"
        case .newerSchema(let file, let names):
            "\(file) was written by a newer launchgate (it has migrations this one doesn't know: \(names.joined(separator: ", "))); restore it with that version or a later one. Nothing was changed"
        case .notLaunchGate(let file): "\(file) is a SQLite database, but not a LaunchGate one (no launchgate_migrations table); nothing was changed"
        case .failed(let message), .cantCreate(let message): message
        case .unsafeDestination(let path, let reason): "\(path) can't be a backup's destination: \(reason). Nothing was written"
        case .foreignMasterKey(let file, let key, missing: true):
            "\(file) holds signing keys sealed with a master key, and there is no master key file at \(key) (nor LAUNCHGATE_MASTER_KEY); copy the key file kept with the backup there first, or add --allow-foreign-key to restore anyway. Nothing was changed"
        case .foreignMasterKey(let file, let key, missing: false):
            "the master key from \(key) does not open the signing keys in \(file); the server could not sign with them. Put the key file kept with this backup in its place (or set LAUNCHGATE_MASTER_KEY to it), or add --allow-foreign-key to restore anyway. Nothing was changed"
        case .unsafeDatabase(let path, let reason): "\(path) can't be replaced by a restore: \(reason). Nothing was changed"
        case .noDatabaseFolder(let path): "the folder of \(path) does not exist; create it (owned by the service's user) or check --database-url. Nothing was changed"
        case .unsettledDatabase(let path, let companions, let reason):
            "\(companions.joined(separator: " and ")) hold changes that are not in \(path), and \(reason); removing them would lose those changes. Move \(path) and its -wal, -shm and -journal files aside yourself, then restore again. Nothing was changed"
        }
    }

    /// See ``LaunchGateFailure/kind``: a wrong database kind or file is the operator's input; a
    /// file in the way or a database in use is a conflict, and I/O trouble a failure. The CLI's
    /// exit codes (sysexits(3)) are finer: see `ExitStatus` in the `launchgate` target.
    public var kind: FailureKind {
        switch reason {
        case .postgres, .notADatabase, .newerSchema, .notLaunchGate, .unsafeDestination, .foreignMasterKey, .unsafeDatabase: .invalidInput
        case .noDatabase, .noFile, .noDatabaseFolder: .notFound
        case .destinationExists, .databaseInUse, .unsettledDatabase: .conflict
        case .failed, .cantCreate: .internal
        }
    }

    /// See ``LaunchGateFailure/isForOperatorsOnly``: messages name files.
    public var isForOperatorsOnly: Bool { true }
}
