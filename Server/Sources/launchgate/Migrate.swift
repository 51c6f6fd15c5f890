import ArgumentParser
import Foundation
import LaunchGateServer
import LaunchGateStorage

/// `launchgate migrate`.
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Apply pending database migrations (serve does this too).",
        discussion: """
        --dry-run opens SQLite read-only and changes nothing, not even the journal mode. A database \
        migrated by a newer launchgate (migrations this one doesn't know) is refused, with exit 65; \
        75 while 'launchgate restore' is replacing the database.
        """)

    @Flag(help: "Revert the newest applied migration instead.") var revertLast = false
    @Flag(help: "List the pending migrations without applying them.") var dryRun = false
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if dryRun && revertLast { throw ValidationError("--dry-run lists pending migrations; it can't be combined with --revert-last") }
    }

    func run() async throws {
        let configuration = try database.configuration()
        if dryRun, case .sqlite(let path) = configuration.database, !FileManager.default.fileExists(atPath: path) {
            // Opening would create the file; a dry run changes nothing.
            print("no database at \(path) yet; every migration is pending:")
            print(Migrator.all.map { "pending \($0.name)" }.joined(separator: "\n"))
            return
        }
        // A dry run opens SQLite read-only: not even the journal mode changes.
        let db = try await Database.open(configuration.database, readOnly: dryRun, logger: DatabaseOptions.quietLogger)
        do {
            let migrator = Migrator(database: db)
            if dryRun {
                let pending = try await migrator.pending()
                print(pending.isEmpty ? "the database is up to date" : pending.map { "pending \($0)" }.joined(separator: "\n"))
            } else if revertLast {
                print(try await migrator.revertLast().map { "reverted \($0)" } ?? "nothing to revert")
            } else {
                let ran = try await migrator.migrate()
                print(ran.isEmpty ? "the database is up to date" : ran.map { "applied \($0)" }.joined(separator: "\n"))
            }
        } catch {
            // Closed before the error ends the process, so the lock and SQLite's files are released cleanly.
            await db.close()
            throw error
        }
        await db.close()
    }
}
