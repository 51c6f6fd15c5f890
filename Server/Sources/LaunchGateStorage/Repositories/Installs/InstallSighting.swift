import Foundation
import LaunchGate

/// One install seen running one version, as the recorder hands it to storage: the install ID is
/// already an HMAC (``InstallIDHasher``), and nothing else about the request is kept.
public struct InstallSighting: Sendable, Hashable {
    /// The app, as named in the request path.
    public var appID: String
    /// The platform the client header named.
    public var platform: Platform
    /// HMAC-SHA256 of the install ID under the server's install key, lowercase hex.
    public var installHash: String
    /// The marketing version, canonical (`2.4.1`).
    public var version: String
    /// The build, or `""` when the client sent none.
    public var build: String
    /// The OS version, or `""` when the client sent none.
    public var os: String
    /// When it was seen.
    public var at: Date
    /// Who sent it, for the per-client quotas (never stored); `nil` spends no quota.
    public var source: SightingSource?

    /// Creates a sighting.
    public init(appID: String, platform: Platform, installHash: String, version: String, build: String = "", os: String = "", at: Date,
                source: SightingSource? = nil) {
        self.appID = appID
        self.platform = platform
        self.installHash = installHash
        self.version = version
        self.build = build
        self.os = os
        self.at = at
        self.source = source
    }

    /// The UTC day it was seen on, in days since 1970.
    package var day: Int { InstallDay.of(at.milliseconds) }
    /// The app and platform it counts in.
    package var scope: InstallBudget.Scope { InstallBudget.Scope(appID: appID, platform: platform) }
    /// The group it names, whatever the day.
    package var group: InstallBudget.GroupID { InstallBudget.GroupID(version: version, build: build, os: os) }
}
