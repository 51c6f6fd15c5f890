import ArgumentParser
import Foundation
import LaunchGateServer
import LaunchGateStorage

/// `launchgate backup`: a consistent copy of the SQLite database, safe while servers run.
struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy the SQLite database while servers keep running (PostgreSQL: use pg_dump).",
        discussion: """
        The copy is one consistent moment, made with SQLite's VACUUM INTO, and is private (0600). \
        The database is opened read-only: the backup changes nothing in it. The master key is not \
        in the copy: keep the key file (or LAUNCHGATE_MASTER_KEY) safe as well, apart from the \
        backups, or the restored signing key can't be opened.
        Exit codes: 0 done, 64 the database path is a file: URI or a symlink to another folder, \
        66 no database, 73 --out exists (without --force) or can't be the backup (a folder, a \
        dangling symlink, the database itself, the master key file or a .key beside the database, a \
        folder that can't be written), or the lock file can't be made, 74 copying failed, 75 a \
        restore is replacing the database.
        """)

    @Option(help: "The backup file to write.") var out: String
    @Flag(help: "Replace the backup file if it exists.") var force = false
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let configuration = try database.configuration()
        let summary = try await DatabaseBackup(location: configuration.database, masterKeyFile: configuration.masterKeyFile,
                                               logger: DatabaseOptions.quietLogger)
            .write(to: out, overwrite: force)
        for leftover in summary.removedLeftovers { print("removed \(leftover), left by a backup that was stopped") }
        print("wrote \(out) (\(summary.bytes) bytes) from \(configuration.database)")
        print(MasterKeyNote.text(for: configuration))
    }
}
