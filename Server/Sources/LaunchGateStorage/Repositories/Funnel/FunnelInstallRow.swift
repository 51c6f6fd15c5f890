import LaunchGate

/// A prompted install's key: app, platform and the install ID's HMAC.
package struct FunnelInstallKey: Sendable, Hashable {
    package var appID: String
    package var platform: Platform
    package var installHash: String
}

/// A prompted install as stored: the channel's revision and the version it was first prompted on, the day of
/// its last ping (so a second ping the same day adds nothing) and the day it was first seen on a
/// newer version.
package struct FunnelInstallRow: Sendable, Hashable {
    package var channel: ReleaseChannel
    package var revision: Int
    package var promptedVersion: String
    package var promptedDay: Int
    package var lastPingDay: Int
    package var upgradedDay: Int?
}

/// A daily count's key.
package struct FunnelDayKey: Sendable, Hashable {
    package var appID: String
    package var platform: Platform
    package var channel: ReleaseChannel
    package var revision: Int
    package var day: Int
}
