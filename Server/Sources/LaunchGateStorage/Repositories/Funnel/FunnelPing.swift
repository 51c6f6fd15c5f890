import Foundation
import LaunchGate

/// One accepted install ping as the funnel records it: who (the install ID's HMAC, as adoption
/// stores it), on which version, on which day, and the prompt counts it carried, if any.
public struct FunnelPing: Sendable, Hashable {
    /// The app, as named in the request path.
    public var appID: String
    /// The platform the client header named.
    public var platform: Platform
    /// HMAC-SHA256 of the install ID under the server's install key, lowercase hex.
    public var installHash: String
    /// The marketing version, canonical (`2.4.1`).
    public var version: String
    /// The server's UTC day of the ping (days since 1970).
    public var day: Int
    /// The counts per revision, already checked against the app's revisions and capped; empty
    /// for a ping without a body, which still tells whether a prompted install updated.
    public var counts: [FunnelCounts]

    /// Creates a ping.
    public init(appID: String, platform: Platform, installHash: String, version: String, day: Int, counts: [FunnelCounts] = []) {
        self.appID = appID
        self.platform = platform
        self.installHash = installHash
        self.version = version
        self.day = day
        self.counts = counts
    }

    /// Whether it carries any count.
    public var hasCounts: Bool { counts.contains { !$0.isEmpty } }
}
