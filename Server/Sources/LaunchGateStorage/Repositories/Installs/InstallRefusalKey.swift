import LaunchGate

/// An app, platform and UTC day on which the cap (``InstallLimits``) refused sightings: the
/// publish guard can't trust that platform's counts then, since the refused sightings may be
/// real installs (an upgrade to a new release, say).
package struct InstallRefusalKey: Hashable, Sendable {
    package var appID: String
    package var platform: Platform
    package var day: Int
}
