import ArgumentParser
import LaunchGateAdoption
import LaunchGateServer
import LaunchGateStorage

/// `launchgate sessions revoke`: sign people out from the server side.
struct Sessions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Revoke sign-in sessions.", subcommands: [Revoke.self])

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke one session, every session of a user, or every session of a device.",
            discussion: "Example: launchgate sessions revoke notes --user ada@example.com")
        @Argument(help: "The app's ID.") var app: String
        @Option(help: "A ses_ ID, as 'users show' lists them.") var session: String?
        @Option(help: "A user's usr_ ID or address.") var user: String?
        @Option(help: "A device ID: every session issued to it.") var device: String?
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            guard [session, user, device].compactMap({ $0 }).count == 1 else {
                throw ValidationError("give exactly one of --session, --user or --device")
            }
        }

        func run() async throws {
            try await database.withComponents { components in
                let selector: SessionSelector
                if let session { selector = .session(session) } else if let device { selector = .device(device) } else {
                    let name = user ?? ""
                    guard let found = try await components.signIn.user(app: app, idOrEmail: name) else {
                        throw ServiceError.userNotFound(app, user: name)
                    }
                    selector = .user(found.id)
                }
                let count = try await components.signIn.revokeSessions(app: app, selector)
                print("revoked \(FigureText.count(count, "session"))")
            }
        }
    }
}
