import ArgumentParser
import Foundation
import LaunchGateServer
import LaunchGateStorage

/// `launchgate exemptions add|list|remove`: installs and devices that always see "up to date"
/// (testers, App Review). Each change publishes the app's policies again, with the list inside.
struct Exemptions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Exempt installs or devices from every prompt.",
        discussion: "Only the SHA-256 of each ID is stored and published; the SDK compares hashes itself.",
        subcommands: [Add.self, List.self, Remove.self])

    /// The ID and its kind, shared by add and remove.
    struct Target: ParsableArguments {
        @Argument(help: "The app's ID.") var app: String
        @Option(help: "An install ID, as the SDK reports it.") var install: String?
        @Option(help: "A device ID the app reports itself.") var device: String?

        func validate() throws {
            guard (install == nil) != (device == nil) else { throw ValidationError("give exactly one of --install or --device") }
        }

        var kind: ExemptionKind { install != nil ? .install : .device }
        var id: String { install ?? device ?? "" }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Exempt an install or a device.")
        @OptionGroup var target: Target
        @Option(help: "Who or why, such as \"App Review\".") var note: String?
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            try await database.withComponents { components in
                let exemption = try await components.policies.addExemption(app: target.app, kind: target.kind, id: target.id, note: note, author: "cli")
                print("exempted \(exemption.kind.rawValue) \(exemption.value) of \(target.app); its policies were published again")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List an app's exemptions (hashed).")
        @Argument(help: "The app's ID.") var app: String
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var listing: ListingOptions

        func run() async throws {
            try await database.withComponents { components in
                let exemptions = try await components.policies.exemptions(app: app)
                var table = Listing("Kind", "Value", "Added", "Note")
                for exemption in exemptions {
                    table.append(exemption.kind.rawValue, exemption.value, exemption.createdAt.formatted(.iso8601), exemption.note ?? "")
                }
                table.print(listing.format, empty: "no exemptions; add one with 'launchgate exemptions add \(app) --install ID'")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an exemption, by the ID or by the hash 'list' shows.")
        @OptionGroup var target: Target
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            try await database.withComponents { components in
                try await components.policies.removeExemption(app: target.app, kind: target.kind, idOrHash: target.id, author: "cli")
                print("removed the \(target.kind.rawValue) exemption from \(target.app); its policies were published again")
            }
        }
    }
}
