import ArgumentParser
import Foundation
import LaunchGateAdoption
import LaunchGateServer
import LaunchGateStorage

/// `launchgate restore`: replaces the SQLite database with a backup, when nothing is using it.
struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replace the SQLite database with a backup (stop the servers first; PostgreSQL: use pg_restore).",
        discussion: """
        Refused while a server or a command has the database open. The backup is checked (SQLite's \
        integrity check, LaunchGate's migrations, and that the master key opens its signing keys) \
        before the database is replaced in one rename; the replaced database is kept beside it as \
        NAME.before-restore-YYYYMMDD-HHMMSS (UTC). The master key is not in the backup: put the \
        key file that sealed the backup's signing key in place first (or set LAUNCHGATE_MASTER_KEY).
        Exit codes: 0 done, 64 the database path is a file: URI, 65 not a sound LaunchGate database \
        (its schema included) or from a newer version, or not a regular file, 66 no such file or no \
        database folder, 73 the database is a symlink, not a regular file or another user's, its \
        lock file can't be made, or it has -wal or -journal data that could not be checkpointed, 75 \
        the database is in use, 78 the master key doesn't open the backup's signing keys.
        """)

    @Argument(help: "A file written by 'launchgate backup'.") var file: String
    @Flag(help: "Restore even when the master key doesn't open the backup's signing keys (the server will not sign until it does).")
    var allowForeignKey = false
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let configuration = try database.configuration()
        let key = DatabaseRestore.MasterKeySource(environmentValue: configuration.masterKey, file: configuration.masterKeyFile)
        let summary = try await DatabaseRestore(location: configuration.database, masterKey: allowForeignKey ? nil : key,
                                                logger: DatabaseOptions.quietLogger)
            .restore(from: file)
        for leftover in summary.removedLeftovers { print("removed \(leftover), left by a restore that was stopped") }
        print("restored \(configuration.database) from \(file) (\(FigureText.count(summary.applied.count, "migration")))")
        if let kept = summary.keptAs { print("the database it replaced is kept as \(kept); remove it when you no longer need it") }
        if !summary.pending.isEmpty {
            print("\(summary.pending.count) newer migrations are applied at the next start (or 'launchgate migrate'): \(summary.pending.joined(separator: ", "))")
        }
        print(MasterKeyNote.text(for: configuration))
    }
}
