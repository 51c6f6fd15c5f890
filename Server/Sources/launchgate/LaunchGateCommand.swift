import ArgumentParser

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
        subcommands: [Serve.self, Migrate.self, Apps.self, PolicyCommand.self, Tokens.self, Keys.self,
                      Export.self, Check.self, VersionCommand.self]
    )
}
