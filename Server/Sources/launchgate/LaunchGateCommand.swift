import ArgumentParser
import Foundation
import LaunchGateServer
import LaunchGateStorage

/// `launchgate`: serve update policies, manage apps, policies, tokens and keys, export static files.
@main
struct LaunchGateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "launchgate",
        abstract: "Serve update policies to your apps, and manage them.",
        discussion: """
        Start with 'launchgate serve --demo'. Every command reads the database from --database-url or
        LAUNCHGATE_DATABASE_URL (default: ./launchgate.sqlite).
        """,
        subcommands: [Serve.self, Migrate.self, Backup.self, Restore.self, Apps.self, PolicyCommand.self, Maintenance.self, OSNotice.self, Tokens.self, Operators.self, Keys.self,
                      Exemptions.self, AdoptionCommand.self, FunnelCommand.self, AppStoreCommand.self, Users.self, Sessions.self, Mail.self, Webhooks.self, Export.self, Check.self,
                      Simulate.self, VersionCommand.self]
    )

    /// Runs the command; domain errors print their message and exit with ``ExitStatus``'s code,
    /// argument errors as ArgumentParser decides.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch let failure as any LaunchGateFailure {
            FileHandle.standardError.write(Data("Error: \(failure)\n".utf8))
            Foundation.exit(ExitStatus.code(for: failure))
        } catch {
            exit(withError: error)
        }
    }
}
