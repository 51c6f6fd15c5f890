import ArgumentParser
import Foundation
import LaunchGateServer

/// `launchgate restore`: replaces the SQLite database with a backup, when nothing is using it.
struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replace the SQLite database with a backup (stop the servers first; PostgreSQL: use pg_restore).",
        discussion: """
        Refused while a server or a command has the database open. The backup is checked (SQLite's
        integrity check and LaunchGate's migrations) before the database is replaced in one rename.
        The master key is not in the backup: the server needs the key file or LAUNCHGATE_MASTER_KEY
        that sealed the backup's signing key.
        """)

    @Argument(help: "A file written by 'launchgate backup'.") var file: String
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let configuration = try database.configuration()
        let summary = try await DatabaseRestore(location: configuration.database, logger: DatabaseOptions.quietLogger)
            .restore(from: file)
        print("restored \(configuration.database) from \(file) (\(summary.applied.count) migrations)")
        if !summary.pending.isEmpty {
            print("\(summary.pending.count) newer migrations are applied at the next start (or 'launchgate migrate'): \(summary.pending.joined(separator: ", "))")
        }
        print(MasterKeyNote.text(for: configuration))
    }
}
