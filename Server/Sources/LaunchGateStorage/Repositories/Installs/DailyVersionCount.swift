import Foundation
import LaunchGate

/// How many installs of an app ran one version on one UTC day (each install counted once a day,
/// under the last version it ran that day): the daily rollup behind adoption history.
public struct DailyVersionCount: Sendable, Hashable, Codable {
    /// The platform.
    public var platform: Platform
    /// The marketing version.
    public var version: String
    /// The UTC day, in days since 1970.
    public var day: Int
    /// How many installs.
    public var installs: Int
}
