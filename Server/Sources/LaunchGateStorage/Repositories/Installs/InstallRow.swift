import Foundation
import LaunchGate

/// What storage keeps per install of an app on a platform: its latest version, build and OS, and
/// when it was first and last seen (milliseconds since 1970).
package struct InstallRow: Sendable, Hashable {
    package var version: String
    package var build: String
    package var os: String
    package var firstSeen: Int64
    var lastSeen: Int64

    /// The group it counts in: its version, build and OS on the day it was last seen.
    package var group: InstallGroupKey { InstallGroupKey(version: version, build: build, os: os, day: InstallDay.of(lastSeen)) }

    /// Whether it was first seen on the UTC day it was last seen on: new that day.
    var isSingleDay: Bool { InstallDay.of(firstSeen) == InstallDay.of(lastSeen) }

    /// Whether it was seen on two sightings at least a day (86,400 s) apart: one request, or a
    /// burst just before and after midnight UTC, can't make an install established, so the
    /// publish guard can measure by installs that took at least a day of traffic to make up.
    var isEstablished: Bool { lastSeen - firstSeen >= Self.establishedAfter }

    /// The milliseconds between first and last sighting that make an install established.
    static let establishedAfter: Int64 = 86_400_000
}
