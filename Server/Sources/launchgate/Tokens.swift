import ArgumentParser
import Foundation
import LaunchGateServer
import LaunchGateSignIn
import LaunchGateStorage

/// `launchgate tokens create|revoke|list`.
struct Tokens: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Manage admin API tokens.", subcommands: [Create.self, Revoke.self, List.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a token; it is printed once and stored hashed.")
        @Option(help: "Who holds it.") var name: String
        @Option(help: "read, publish or admin.") var scope: String = "publish"
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            guard let scope = TokenScope(rawValue: scope) else { throw ValidationError("scope must be read, publish or admin") }
            try await database.withComponents { components in
                let (record, token) = try await components.tokens.create(name: name, scope: scope)
                print(token)
                FileHandle.standardError.write(Data("token \(record.id) (\(record.scope.rawValue)) for \(record.name); it will not be shown again\n".utf8))
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token by its ID (the part after lgt_).")
        @Argument var id: String
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            guard let id = AdminTokens.tokenID(fromArgument: self.id) else {
                throw ValidationError("\"\(self.id.prefix(80))\" is not a token ID: give the 12 hex digits after lgt_ (see 'launchgate tokens list') or the whole token")
            }
            try await database.withComponents { components in
                try await components.tokens.revoke(id: id)
                print("revoked \(id)")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List tokens (never their secrets): ID, scope, name, state and when last used (to the minute).")
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var listing: ListingOptions

        func run() async throws {
            try await database.withComponents { components in
                var table = Listing("ID", "Scope", "Name", "State", "Last used")
                for token in try await components.tokens.list() {
                    let used = token.lastUsedAt.map { ISO8601DateFormatter().string(from: $0) } ?? "never"
                    table.append(token.id, token.scope.rawValue, token.name, token.revokedAt == nil ? "active" : "revoked", used)
                }
                table.print(listing.format, empty: "no tokens; make one with 'launchgate tokens create --name me --scope admin'")
            }
        }
    }
}
