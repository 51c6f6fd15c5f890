import Foundation

/// Apple's App Store lookup response; only the first result is read.
struct AppStoreLookupDocument: Decodable {
    struct Result: Decodable {
        let version: AppVersion
        let trackViewUrl: String?
        let minimumOsVersion: AppVersion?
        let currentVersionReleaseDate: Date?
        let releaseNotes: String?
    }

    let results: [Result]

    func policy(for platform: Platform) throws -> UpdatePolicy {
        guard let result = results.first else {
            throw PolicyError(.empty, field: "results", "the App Store lookup found no app; check the bundle ID and country")
        }
        let release = Release(
            version: result.version, releaseDate: result.currentVersionReleaseDate,
            notes: result.releaseNotes, minimumOS: result.minimumOsVersion
        )
        let entry = PlatformPolicy(
            latest: release, updateURL: try PolicyReader.url(result.trackViewUrl, field: "results.0.trackViewUrl")
        )
        return UpdatePolicy(platforms: [platform: entry])
    }
}
