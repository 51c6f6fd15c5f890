import ArgumentParser
import LaunchGateServer

/// `launchgate migrate`.
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Apply pending database migrations (serve does this too).")

    @Flag(help: "Revert the newest applied migration instead.") var revertLast = false
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let configuration = try database.configuration()
        let db = try await Database.open(configuration.database, logger: DatabaseOptions.quietLogger)
        defer { Task { await db.close() } }
        let migrator = Migrator(database: db)
        if revertLast {
            print(try await migrator.revertLast().map { "reverted \($0)" } ?? "nothing to revert")
        } else {
            let ran = try await migrator.migrate()
            print(ran.isEmpty ? "the database is up to date" : ran.map { "applied \($0)" }.joined(separator: "\n"))
        }
        await db.close()
    }
}
