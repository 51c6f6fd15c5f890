import Foundation

/// The newest release of an app on one platform.
public struct Release: Sendable, Hashable, Codable {
    /// The marketing version; absent when the policy gates on builds alone (as `/api/version` does).
    public var version: AppVersion?
    /// The build number (`CFBundleVersion`).
    public var build: BuildNumber?
    /// When the release shipped; the start of a phased rollout.
    public var releaseDate: Date?
    /// Release notes shown in the update dialog.
    public var notes: String?
    /// The lowest OS version the release runs on.
    public var minimumOS: AppVersion?

    /// Creates a release.
    /// - Parameters:
    ///   - version: The marketing version.
    ///   - build: The build number.
    ///   - releaseDate: When it shipped.
    ///   - notes: Release notes.
    ///   - minimumOS: The lowest OS version it supports.
    public init(
        version: AppVersion? = nil, build: BuildNumber? = nil, releaseDate: Date? = nil,
        notes: String? = nil, minimumOS: AppVersion? = nil
    ) {
        self.version = version
        self.build = build
        self.releaseDate = releaseDate
        self.notes = notes
        self.minimumOS = minimumOS
    }

    /// The version and build as one gate, for comparing an installed app against this release.
    public var gate: VersionRequirement { VersionRequirement(version: version, build: build) }
}
