import Foundation
import LaunchGate
import LaunchGateStorage

/// Fills an empty database for `serve --demo`: an app with a policy and installs seen over the
/// last days, an admin token, a signing key.
public struct DemoSeeder: Sendable {
    /// The demo app's ID.
    public static let appID = "demo"

    /// What was created, for printing.
    public struct Result: Sendable {
        /// The admin token, shown once; `nil` when the database already had data.
        public let token: String?
        /// The public key to pin.
        public let publicKey: PolicyPublicKey

        /// Creates a result.
        public init(token: String?, publicKey: PolicyPublicKey) {
            self.token = token
            self.publicKey = publicKey
        }
    }

    let components: ServerComponents
    let now: @Sendable () -> Date

    /// Creates a seeder.
    public init(components: ServerComponents, now: @escaping @Sendable () -> Date = Date.init) {
        self.components = components
        self.now = now
    }

    /// The policy the demo app starts with: every screen can be reached by choosing a version.
    public static func policy(releasedAt date: Date) -> UpdatePolicy {
        let ios = PlatformPolicy(
            latest: Release(version: "2.4.1", build: BuildNumber(241), releaseDate: date, notes: "Faster sync and a new home-screen widget.", minimumOS: "16.0"),
            required: VersionRequirement(version: "2.0.0", build: BuildNumber(200)), recommended: VersionRequirement(version: "2.3.0"),
            blocked: BlockedReleases(versions: ["2.2.0"]), updateURL: URL(string: "https://apps.apple.com/app/id1234567890"))
        let android = PlatformPolicy(
            latest: Release(version: "2.4.0", releaseDate: date), required: VersionRequirement(version: "1.9.0"),
            updateURL: URL(string: "https://play.google.com/store/apps/details?id=com.example.demo"))
        return UpdatePolicy(app: "com.example.demo", platforms: [.ios: ios, .android: android])
    }

    /// Digits in the demo app's sign-in codes: seed 002's client accepts exactly 4.
    public static let codeLength = 4

    /// Seeds when the database has no apps; always makes sure a signing key exists, and that the
    /// demo app (when there is one) has its sign-in settings, also in a database seeded before them.
    public func seedIfEmpty() async throws -> Result {
        let publicKey = try await components.signingKeys.ensure(now: now())
        guard try await components.policies.apps().isEmpty else {
            try await ensureSignInSettings()
            return Result(token: nil, publicKey: publicKey)
        }
        _ = try await components.policies.createApp(id: Self.appID, name: "Demo App")
        _ = try await components.policies.publish(Self.policy(releasedAt: now()), app: Self.appID, channel: .production, author: "demo")
        try await seedInstalls()
        try await ensureSignInSettings()
        let (_, token) = try await components.tokens.create(name: "demo admin", scope: .admin)
        return Result(token: token, publicKey: publicKey)
    }

    private func ensureSignInSettings() async throws {
        guard try await components.policies.apps().contains(where: { $0.id == Self.appID }),
              try await components.signInRepository.settings(appID: Self.appID) == nil else { return }
        try await components.signInRepository.saveSettings(SignInSettings(appID: Self.appID, codeLength: Self.codeLength))
    }
}
