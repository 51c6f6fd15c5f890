import LaunchGate

/// Identifies an app's current policy on one channel.
package struct ServedPolicyKey: Hashable, Sendable {
    package var app: String
    package var channel: ReleaseChannel
}
