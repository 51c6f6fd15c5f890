import ArgumentParser
import Foundation
import LaunchGateServer
import LaunchGateStorage

/// `launchgate operators add|list|remove`: who may sign in to the console with an emailed code.
struct Operators: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage console operators, who sign in to the web console with an emailed code.",
        subcommands: [Add.self, List.self, Remove.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Allow an address to sign in to the console, with a token scope.")
        @Argument(help: "The operator's email address.") var email: String
        @Option(help: "read, publish or admin, as for tokens.") var scope: String = "read"
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            guard TokenScope(rawValue: scope) != nil else { throw ValidationError("scope must be read, publish or admin") }
        }

        func run() async throws {
            let scope = TokenScope(rawValue: scope) ?? .read
            try await database.withComponents { components in
                let added = try await components.operators.add(email: email, scope: scope)
                print("added \(added.email) (\(added.scope.rawValue)); they sign in at /console/sign-in with \"Sign in with email\"")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List console operators.")
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var listing: ListingOptions

        func run() async throws {
            try await database.withComponents { components in
                var table = Listing("Email", "Scope", "Added")
                for found in try await components.operators.list() {
                    table.append(found.email, found.scope.rawValue, ISO8601DateFormatter().string(from: found.createdAt))
                }
                table.print(listing.format, empty: "no operators; add one with 'launchgate operators add EMAIL --scope read'")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop an address signing in to the console; its sessions end at once.")
        @Argument(help: "The operator's email address.") var email: String
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            try await database.withComponents { components in
                try await components.operators.remove(email: email)
                print("removed \(email)")
            }
        }
    }
}
