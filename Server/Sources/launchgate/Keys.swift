import ArgumentParser
import Foundation
import LaunchGateServer
import LaunchGateStorage

/// `launchgate keys generate|list|activate|show`.
struct Keys: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage the Ed25519 policy signing keys.",
        discussion: """
            A rotation without a gap: 'keys generate --staged' makes the next key without signing \
            with it; ship an app release that pins it beside the current key; once that release is \
            in use, 'keys activate KEY' makes every server sign with it.
            """,
        subcommands: [Generate.self, List.self, Activate.self, Show.self])

    struct Generate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a new signing key; prints the public key to pin.",
            discussion: """
                Without --staged the new key signs at once: installs that pin only the old key \
                refuse every document from then on. The private key is sealed with the master key \
                (LAUNCHGATE_MASTER_KEY or the key file, created with mode 0600).
                """)
        @Flag(help: "Store the key without signing with it, for 'keys activate' later.") var staged = false
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            try await database.withComponents(createMasterKey: true) { components in
                let key = try await components.signingKeys.generate(now: components.now(), staged: staged)
                print(key.publicKey)
                let next = staged
                    ? "staged key \(key.id): it signs nothing until 'launchgate keys activate \(key.id)'; pin it beside the current key first"
                    : "key \(key.id) is active: documents are signed with it from now on"
                FileHandle.standardError.write(Data((next + "\n").utf8))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every signing key: active, staged or retired.")
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            try await database.withComponents { components in
                let (keys, activeID) = try await components.signingKeys.list()
                let rows = keys.map { key in
                    let state = key.id == activeID ? "active" : key.activatedAt == nil ? "staged" : "retired"
                    return [key.id, state, Self.day(key.createdAt), key.publicKey]
                }
                print(TerminalTable.render([["ID", "STATE", "CREATED", "PUBLIC KEY"]] + rows))
            }
        }

        private static func day(_ date: Date) -> String {
            date.formatted(Date.ISO8601FormatStyle().year().month().day())
        }
    }

    struct Activate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a stored key the one that signs: a staged key, or an earlier one again.",
            discussion: "Running servers sign with it from their next change poll, within about a second.")
        @Argument(help: "The key's ID or its public key, as 'keys list' prints them.") var key: String
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            try await database.withComponents { components in
                let key = try await components.signingKeys.activate(key, now: components.now())
                print(key.publicKey)
                FileHandle.standardError.write(Data("key \(key.id) is active: documents are signed with it from now on\n".utf8))
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the active public key.")
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            try await database.withComponents { components in
                guard let key = try await components.signingKeys.activePublicKey() else {
                    throw ServiceError.noSigningKey
                }
                print(key)
            }
        }
    }
}
