import Foundation
import LaunchGate

/// What storage keeps per install of an app on a platform: its latest version, build and OS, and
/// when it was first and last seen (milliseconds since 1970).
struct InstallRow: Sendable, Hashable {
    var version: String
    var build: String
    var os: String
    var firstSeen: Int64
    var lastSeen: Int64

    /// The group it counts in: its version, build and OS on the day it was last seen.
    var group: InstallGroupKey { InstallGroupKey(version: version, build: build, os: os, day: InstallDay.of(lastSeen)) }

    /// Whether it was first seen on the UTC day it was last seen on: new that day.
    var isSingleDay: Bool { InstallDay.of(firstSeen) == InstallDay.of(lastSeen) }
}
