import ArgumentParser
import Foundation
import LaunchGateServer
import LaunchGateStorage

/// `launchgate users list|show|delete`: the people who signed in to an app.
struct Users: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List, show and delete an app's sign-in users.",
                                                    subcommands: [List.self, Show.self, Delete.self])

    struct List: ComponentsCommand {
        static let configuration = CommandConfiguration(abstract: "List an app's users by address, a page at a time.")
        @Argument(help: "The app's ID.") var app: String
        @Option(help: "Start after this address (the last one of the previous page).") var after: String?
        @Option(help: "At most this many, 1 to 1000.") var limit: Int = 100
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var listing: ListingOptions

        func validate() throws {
            guard (1...1000).contains(limit) else { throw ValidationError("--limit must be 1 to 1000") }
        }

        func run(with components: ServerComponents) async throws {
            let users = try await components.signIn.users(app: app, after: after, limit: limit)
            var table = Listing("ID", "Email", "Created", "Last sign-in")
            for user in users {
                table.append(user.id, user.email, user.createdAt.formatted(.iso8601), user.lastSignInAt.formatted(.iso8601))
            }
            table.print(listing.format, empty: after == nil ? "no users yet: someone signs in with a code first" : "no more users")
        }
    }

    struct Show: ComponentsCommand {
        static let configuration = CommandConfiguration(abstract: "Show a user and its sessions.")
        @Argument(help: "The app's ID.") var app: String
        @Argument(help: "The user's usr_ ID or address.") var user: String
        @OptionGroup var database: DatabaseOptions

        func run(with components: ServerComponents) async throws {
            guard let found = try await components.signIn.user(app: app, idOrEmail: user) else {
                throw ServiceError.userNotFound(app, user: user)
            }
            print("id:              \(found.id)")
            print("email:           \(TerminalText.printable(found.email))")
            print("created:         \(found.createdAt.formatted(.iso8601))")
            print("last sign-in:    \(found.lastSignInAt.formatted(.iso8601))")
            let sessions = try await components.signIn.sessions(app: app, userID: found.id)
            print("sessions:        \(sessions.isEmpty ? "none" : "")")
            let now = components.now()
            for session in sessions {
                let state = session.revokedAt.map { "revoked \($0.formatted(.iso8601))" }
                    ?? (session.isActive(at: now) ? "active until \(session.expiresAt.formatted(.iso8601))" : "expired")
                // The device ID is whatever the app sent at sign-in.
                print("  " + TerminalText.row([session.id, "device \(session.deviceID)", state]))
            }
        }
    }

    struct Delete: ComponentsCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a user, with its sessions, codes, mail, failure counts, known networks and the rate limits naming its address.")
        @Argument(help: "The app's ID.") var app: String
        @Argument(help: "The user's usr_ ID or address.") var user: String
        @OptionGroup var database: DatabaseOptions

        func run(with components: ServerComponents) async throws {
            guard try await components.signIn.deleteUser(app: app, idOrEmail: user) else { throw ServiceError.userNotFound(app, user: user) }
            print("deleted \(user) from \(app), with its sessions and codes")
        }
    }
}
