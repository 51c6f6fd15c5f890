import ArgumentParser
import LaunchGateServer

/// A subcommand that opens the database, works with the server's components and closes it again:
/// it declares `@OptionGroup var database: DatabaseOptions` and writes ``run(with:)``, and opening
/// and closing live in ``DatabaseOptions/withComponents(createMasterKey:checkMasterKey:adoption:webhookAllowPrivate:_:)``
/// alone. A command that opens it differently (another flag) writes its own `run()`.
protocol ComponentsCommand: AsyncParsableCommand {
    /// Where the database is.
    var database: DatabaseOptions { get }
    /// The command's work, with the database open.
    func run(with components: ServerComponents) async throws
}

extension ComponentsCommand {
    func run() async throws {
        try await database.withComponents { components in try await run(with: components) }
    }
}
