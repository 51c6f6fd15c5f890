import LaunchGate

/// Identifies an app's current policy on one channel.
struct ServedPolicyKey: Hashable, Sendable {
    var app: String
    var channel: ReleaseChannel
}
