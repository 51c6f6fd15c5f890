import ArgumentParser
import Foundation
import LaunchGateAppStore
import LaunchGateServer

/// `launchgate appstore credentials set|show|remove`: an app's App Store Connect API key, which lets
/// the optional prompt's rollout follow Apple's phased release. Write-only: the key never comes back.
struct AppStoreCredentials: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "credentials",
        abstract: "Store, show or remove an app's App Store Connect API key.",
        discussion: """
        Create a key in App Store Connect (Users and Access → Integrations → App Store Connect API) with
        at least the App Manager role, and download its .p8 file (Apple offers it once).
          launchgate appstore credentials set notes --issuer-id 69a6de7f-… --key-id 2X9R4HXF34 --private-key-file AuthKey_2X9R4HXF34.p8
        The private key is sealed under the master key before it is stored, and is never printed.
        """,
        subcommands: [SetKey.self, Show.self, Remove.self])

    /// A `.p8` file is a few hundred bytes; anything much larger is the wrong file.
    static let maxKeyFileBytes = 16 * 1024

    struct SetKey: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Check and store an app's key, replacing the one it had.")
        @Argument(help: "The app's ID.") var app: String
        @Option(name: .customLong("issuer-id"), help: "The issuer ID shown above the keys in App Store Connect.") var issuerID: String
        @Option(name: .customLong("key-id"), help: "The key's ID.") var keyID: String
        @Option(name: .customLong("private-key-file"), help: "The .p8 file App Store Connect gave.") var privateKeyFile: String
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            let pem = try readKeyFile()
            // Checked before the database is opened, so a wrong file costs nothing.
            _ = try AppStoreConnectCredentials(issuerID: issuerID, keyID: keyID, pem: pem)
            try await database.withComponents { components in
                let summary = try await components.appStoreConnectKeys.set(app: app, issuerID: issuerID, keyID: keyID, privateKeyPEM: pem)
                print("stored App Store Connect key \(summary.keyID) for \(app), sealed under the master key")
            }
        }

        private func readKeyFile() throws -> String {
            let url = URL(fileURLWithPath: privateKeyFile)
            let data: Data
            do {
                let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
                guard size <= AppStoreCredentials.maxKeyFileBytes else {
                    throw ValidationError("--private-key-file: \(privateKeyFile) is \(size) bytes; a .p8 key is under 1 KB")
                }
                data = try Data(contentsOf: url)
            } catch let error as ValidationError { throw error } catch {
                throw ValidationError("--private-key-file: can't read \(privateKeyFile) (\(error.localizedDescription))")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw ValidationError("--private-key-file: \(privateKeyFile) is not text; give the .p8 file as App Store Connect gave it")
            }
            return text
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Say whether an app has a key, and its IDs; never the key.")
        @Argument(help: "The app's ID.") var app: String
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            try await database.withComponents { components in
                guard let summary = try await components.appStoreConnectKeys.summary(app: app) else {
                    print("\(app): no App Store Connect key; the policy's own rollout applies")
                    return
                }
                print("\(app): key \(summary.keyID), issuer \(summary.issuerID), stored \(summary.updatedAt.formatted(.iso8601))")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget an app's key: its rollout stops following Apple's.")
        @Argument(help: "The app's ID.") var app: String
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            try await database.withComponents { components in
                try await components.appStoreConnectKeys.remove(app: app)
                print("removed the App Store Connect key of \(app)")
            }
        }
    }
}
