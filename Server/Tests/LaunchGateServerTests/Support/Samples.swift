import Foundation
import LaunchGate
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

enum Samples {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    /// The key of the filters of refused versions that test repositories share, as the server's
    /// instances share the one derived from their master key.
    static let filterKey = RefusedVersionFilter.Key(bytes: [UInt8](repeating: 5, count: 32))

    static func app(_ id: String = "notes") -> AppRecord { AppRecord(id: id, name: "Notes", createdAt: now) }

    static func policy(required: AppVersion = "2.0.0", latest: AppVersion = "2.4.1") -> UpdatePolicy {
        UpdatePolicy(app: "com.example.notes", platforms: [
            .ios: PlatformPolicy(latest: Release(version: latest, build: BuildNumber(241), releaseDate: now, notes: "Faster sync.", minimumOS: "16.0"),
                                 required: VersionRequirement(version: required, build: BuildNumber(200)),
                                 recommended: VersionRequirement(version: "2.3.0"),
                                 updateURL: URL(string: "https://apps.apple.com/app/id1")),
            .android: PlatformPolicy(latest: Release(version: "2.4.0"), required: VersionRequirement(version: "1.9.0"),
                                     updateURL: URL(string: "https://play.google.com/store/apps/details?id=x")),
        ])
    }
}
