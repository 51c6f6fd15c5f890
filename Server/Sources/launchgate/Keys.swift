import ArgumentParser
import Foundation
import LaunchGateServer

/// `launchgate keys generate|show`.
struct Keys: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Manage the Ed25519 policy signing key.", subcommands: [Generate.self, Show.self])

    struct Generate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a new signing key and make it active; prints the public key to pin.",
            discussion: "The private key is sealed with the master key (LAUNCHGATE_MASTER_KEY or the key file, created with mode 0600).")
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            try await database.withComponents(createMasterKey: true) { components in
                print(try await components.signingKeys.generate(now: components.now()))
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
