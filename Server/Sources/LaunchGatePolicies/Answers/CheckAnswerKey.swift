import LaunchGate

/// Everything a `/check` answer depends on, so installs that would get the same answer share it.
///
/// The install and device IDs are not part of it: they matter only through the two flags, which
/// keeps the answer cache small however many installs call.
package struct CheckAnswerKey: Hashable, Sendable {
    package var app: String
    package var channel: ReleaseChannel
    package var platform: Platform
    package var version: AppVersion
    package var build: BuildNumber?
    package var os: AppVersion?
    package var languages: [String]
    /// The policy's hashed exemptions name the install or device.
    var exempt: Bool
    /// The install is inside the latest release's phased rollout now.
    var inRollout: Bool
}
