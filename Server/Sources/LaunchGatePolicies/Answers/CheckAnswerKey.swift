import LaunchGate

/// Everything a `/check` answer depends on, so installs that would get the same answer share it.
///
/// The install and device IDs are not part of it: they matter only through the two flags, which
/// keeps the answer cache small however many installs call.
struct CheckAnswerKey: Hashable, Sendable {
    var app: String
    var channel: ReleaseChannel
    var platform: Platform
    var version: AppVersion
    var build: BuildNumber?
    var os: AppVersion?
    var languages: [String]
    /// The policy's hashed exemptions name the install or device.
    var exempt: Bool
    /// The install is inside the latest release's phased rollout now.
    var inRollout: Bool
}
