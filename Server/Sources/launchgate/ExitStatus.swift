import LaunchGateServer
import LaunchGateStorage

/// The one place domain errors become exit codes, so scripts can tell bad input from an outage
/// without reading messages: 64 for bad usage or input (EX_USAGE), 69 when a dependency such as
/// the database is unavailable (EX_UNAVAILABLE), 1 for everything else. Backup, restore and
/// migrations use finer sysexits(3) codes, listed in ``fileCodes``.
enum ExitStatus {
    /// The exit code for a failure: its own code when ``fileCodes`` lists it, else its kind's.
    static func code(for failure: any LaunchGateFailure) -> Int32 {
        fileCodes[failure.code] ?? code(for: failure.kind)
    }

    /// The exit code for a kind of failure.
    static func code(for kind: FailureKind) -> Int32 {
        switch kind {
        case .invalidInput, .tooLarge: 64
        case .unavailable: 69
        case .unauthenticated, .forbidden, .notFound, .conflict, .rateLimited, .internal: 1
        }
    }

    /// Exit codes of `backup`, `restore` and `migrate`, for scripts that retry or alert: 75
    /// (EX_TEMPFAIL) when the database is in use or being restored, so trying again later may work;
    /// 65 (EX_DATAERR) for a file that is not a sound LaunchGate database, or one from a newer
    /// version; 66 (EX_NOINPUT) for a missing input file, database or database folder; 73
    /// (EX_CANTCREAT) for an output that must not or can't be written, a database a restore must
    /// not replace, or a lock file that can't be made or isn't a regular file; 74 (EX_IOERR) when copying failed; 78
    /// (EX_CONFIG) when the master key doesn't open the backup's signing keys. README lists them too.
    static let fileCodes: [String: Int32] = [
        "database-in-use": 75, "database-busy": 75,
        "not-a-database": 65, "not-launchgate": 65, "newer-schema": 65,
        "no-backup-file": 66, "no-database": 66, "no-database-folder": 66,
        "backup-exists": 73, "unsafe-backup-destination": 73, "unsettled-database": 73, "unsafe-database": 73,
        "file-not-created": 73, "cant-create": 73,
        "backup-failed": 74,
        "foreign-master-key": 78,
    ]
}
