import ArgumentParser
import Foundation
import LaunchGate
import LaunchGateServer

/// `launchgate export --out DIR`: static, signed files for S3, a CDN or GitHub hosting.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write signed static files (canonical and seed-compatible) for static hosting.",
        discussion: """
        For each app and channel with a policy it writes, under DIR/<app>/ (beta under DIR/<app>/beta/):
          policy.json (+ .sig)                 every platform
          <platform>/policy.json (+ .sig)      one platform: point the SDK here
          <platform>/version.json              seed 004
          <platform>/version-lockout.json      seed 003
          api/version                          seed 000 (iOS)
          api/config                           seed 001
        """)

    @Option(help: "The output folder.") var out: String
    @Option(help: "Only this app.") var app: String?
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        let root = URL(fileURLWithPath: out)
        try await database.withComponents(checkMasterKey: true) { components in
            let apps = try await components.repository.apps().filter { app == nil || $0.id == app }
            if let app, apps.isEmpty { throw ServerError.appNotFound(app) }
            guard let key = try await components.signingKeys.active() else {
                throw ServerError.notFound("no signing key yet; run 'launchgate keys generate'", code: "no-signing-key")
            }
            var written = 0
            for app in apps {
                for channel in ReleaseChannel.allCases {
                    guard let revision = try await components.repository.currentRevision(appID: app.id, channel: channel) else { continue }
                    let policy = try UpdatePolicy(json: revision.document)
                    let folder = root.appendingPathComponent(app.id).appendingPathComponent(channel == .production ? "" : channel.rawValue)
                    written += try Self.write(revision.document, to: folder.appendingPathComponent("policy.json"), signedWith: key)
                    for platform in policy.platforms.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
                        let platformFolder = folder.appendingPathComponent(platform.rawValue)
                        written += try Self.write(try policy.narrowed(to: platform).jsonData(), to: platformFolder.appendingPathComponent("policy.json"), signedWith: key)
                        for (seed, name) in [(SeedDocument.versionJSON, "version.json"), (.versionLockout, "version-lockout.json")] {
                            if let data = seed.render(policy, platform: platform) {
                                written += try Self.write(data, to: platformFolder.appendingPathComponent(name), signedWith: nil)
                            }
                        }
                    }
                    for (seed, name) in [(SeedDocument.latestBuild, "api/version"), (.minimumSupportedVersion, "api/config")] {
                        if let data = seed.render(policy, platform: .ios) {
                            written += try Self.write(data, to: folder.appendingPathComponent(name), signedWith: nil)
                        }
                    }
                }
            }
            print("wrote \(written) files to \(root.path); public key \(key.publicKey)")
        }
    }

    /// Writes atomically, with the `.sig` beside signed documents. - Returns: files written.
    private static func write(_ data: Data, to url: URL, signedWith key: PolicySigningKey?) throws -> Int {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
        guard let key else { return 1 }
        let signature = try key.signature(for: data).description + "\n"
        try Data(signature.utf8).write(to: url.appendingPathExtension("sig"), options: .atomic)
        return 2
    }
}
