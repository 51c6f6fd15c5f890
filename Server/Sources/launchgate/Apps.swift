import ArgumentParser
import Foundation
import LaunchGateServer
import LaunchGateStorage

/// `launchgate apps create|list`.
struct Apps: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create and list apps, and set their sign-in.", subcommands: [Create.self, List.self, SignIn.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an app.")
        @Argument(help: "The app's ID: lowercase letters, digits, '.', '-' or '_'.") var id: String
        @Option(help: "A display name.") var name: String?
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            guard AppRecord.isValidID(id) else { throw ValidationError("app id must be 1 to 64 lowercase letters, digits, '.', '-' or '_'") }
        }

        func run() async throws {
            try await database.withComponents { components in
                _ = try await components.policies.createApp(id: id, name: name)
                print("created app \(id)")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List apps.")
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var listing: ListingOptions

        func run() async throws {
            try await database.withComponents { components in
                let apps = try await components.policies.apps()
                var table = Listing("ID", "Name")
                for app in apps { table.append(app.id, app.name) }
                table.print(listing.format, empty: "no apps yet; create one with 'launchgate apps create ID'")
            }
        }
    }
}
