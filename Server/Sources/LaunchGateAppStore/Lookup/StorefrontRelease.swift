import Foundation
import LaunchGate

/// What one storefront's lookup says the App Store serves, checked: the fields the poller may
/// publish, and nothing it doesn't.
public struct StorefrontRelease: Sendable, Hashable {
    /// The version the storefront serves.
    public var version: AppVersion
    /// The release notes (`releaseNotes`), at most ``AppStoreLookupClient/maximumNotesLength`` characters; `nil` when absent.
    public var notes: String?
    /// The App Store page (`trackViewUrl`), always https on apps.apple.com.
    public var storeURL: URL?
    /// The lowest OS the version runs on (`minimumOsVersion`).
    public var minimumOS: AppVersion?
    /// When the version shipped (`currentVersionReleaseDate`).
    public var releaseDate: Date?

    /// Creates a release.
    public init(version: AppVersion, notes: String? = nil, storeURL: URL? = nil, minimumOS: AppVersion? = nil, releaseDate: Date? = nil) {
        self.version = version
        self.notes = notes
        self.storeURL = storeURL
        self.minimumOS = minimumOS
        self.releaseDate = releaseDate
    }
}
