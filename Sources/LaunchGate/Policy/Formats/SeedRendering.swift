import Foundation

/// What the seed documents share when rendered: the encoder the server has always used for them,
/// and the "up to date" policy an exempt install is served.
enum SeedRendering {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A policy that says no version is too old and none is newer, so a seed client shows nothing.
    /// Keeps `app`, `issuedAt` and each platform's update URL.
    static func upToDate(_ policy: UpdatePolicy, platform: Platform) -> UpdatePolicy {
        var platforms: [Platform: PlatformPolicy] = [:]
        for each in Set(policy.platforms.keys).union([platform]) {
            platforms[each] = PlatformPolicy(latest: Release(version: "0.0.0"), required: VersionRequirement(version: "0.0.0"),
                                             updateURL: policy.policy(for: each)?.updateURL)
        }
        return UpdatePolicy(app: policy.app, issuedAt: policy.issuedAt, platforms: platforms)
    }

    /// A calendar day in UTC, as version.json writes `releaseDate`.
    static func day(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
    }
}
