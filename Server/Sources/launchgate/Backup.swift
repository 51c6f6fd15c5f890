import ArgumentParser
import Foundation
import LaunchGateServer

/// `launchgate backup`: a consistent copy of the SQLite database, safe while servers run.
struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy the SQLite database while servers keep running (PostgreSQL: use pg_dump).",
        discussion: """
        The copy is one consistent moment, made with SQLite's VACUUM INTO, and is private (0600).
        The master key is not in it: keep the key file (or LAUNCHGATE_MASTER_KEY) safe as well,
        apart from the backups, or the restored signing key can't be opened.
        """)

    @Option(help: "The backup file to write.") var out: String
    @Flag(help: "Replace the backup file if it exists.") var force = false
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let configuration = try database.configuration()
        let bytes = try await DatabaseBackup(location: configuration.database, logger: DatabaseOptions.quietLogger)
            .write(to: out, overwrite: force)
        print("wrote \(out) (\(bytes) bytes) from \(configuration.database)")
        print(MasterKeyNote.text(for: configuration))
    }
}
