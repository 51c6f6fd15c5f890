import ArgumentParser
import Foundation
import LaunchGate
import LaunchGatePolicies
import LaunchGateServer
import LaunchGateStorage

/// `launchgate export --out DIR`: static, signed files for S3, a CDN or GitHub hosting.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write signed static files (canonical and seed-compatible) for static hosting.",
        discussion: """
        For each app and channel with a policy it writes, under DIR/<app>/ (beta under DIR/<app>/beta/):
          policy.json (+ .sig)                 every platform
          <platform>/policy.json (+ .sig)      one platform: point the SDK here
          <platform>/version.json              the version.json format (banner and dialog)
          <platform>/version-lockout.json      VersionLockout's document
          api/version                          the /api/version check (iOS)
          api/config                           min_supported_version_<platform>
        """)

    @Option(help: "The output folder.") var out: String
    @Option(help: "Only this app.") var app: String?
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let root = URL(fileURLWithPath: out)
        try await database.withComponents(checkMasterKey: true) { components in
            let apps = try await components.policies.apps().filter { app == nil || $0.id == app }
            if let app, apps.isEmpty { throw ServiceError.appNotFound(app) }
            guard let key = try await components.signingKeys.active() else {
                throw ServiceError.noSigningKey
            }
            // The same documents the server sends, from the same code: canonical ones carry their
            // subject (app, channel, platform), so the SDK refuses one copied to another path.
            let policies = components.policies
            var written = 0
            for app in apps {
                for channel in ReleaseChannel.allCases {
                    guard let revision = try await policies.currentRevision(app: app.id, channel: channel) else { continue }
                    let policy = try UpdatePolicy(json: revision.document)
                    let folder = root.appendingPathComponent(app.id).appendingPathComponent(channel == .production ? "" : channel.rawValue)
                    func document(_ platform: Platform?, _ format: DocumentFormat) async throws -> Data? {
                        do {
                            return Data(buffer: try await policies.document(app: app.id, channel: channel, platform: platform, format: format).body)
                        } catch let error as ServiceError where error.code == "no-policy" {
                            return nil // this seed format has nothing to say for the platform
                        }
                    }
                    written += try Self.write(try await document(nil, .canonical), to: folder.appendingPathComponent("policy.json"), signedWith: key)
                    for platform in policy.platforms.keys.sorted(by: { $0.isListed(before: $1) }) {
                        let platformFolder = folder.appendingPathComponent(platform.rawValue)
                        written += try Self.write(try await document(platform, .canonical), to: platformFolder.appendingPathComponent("policy.json"), signedWith: key)
                        for (seed, name) in [(SeedDocument.versionJSON, "version.json"), (.versionLockout, "version-lockout.json")] {
                            written += try Self.write(try await document(platform, .seed(seed)), to: platformFolder.appendingPathComponent(name), signedWith: nil)
                        }
                    }
                    for (seed, name) in [(SeedDocument.latestBuild, "api/version"), (.minimumSupportedVersion, "api/config")] {
                        written += try Self.write(try await document(.ios, .seed(seed)), to: folder.appendingPathComponent(name), signedWith: nil)
                    }
                }
            }
            print("wrote \(written) files to \(root.path); public key \(key.publicKey)")
        }
    }

    /// Writes atomically, with the `.sig` beside signed documents. - Returns: files written (none for `nil` data).
    private static func write(_ data: Data?, to url: URL, signedWith key: PolicySigningKey?) throws -> Int {
        guard let data else { return 0 }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
        guard let key else { return 1 }
        let signature = try key.signature(for: data).description + "\n"
        try Data(signature.utf8).write(to: url.appendingPathExtension("sig"), options: .atomic)
        return 2
    }
}
