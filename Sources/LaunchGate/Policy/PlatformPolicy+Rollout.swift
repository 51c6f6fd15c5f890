import Foundation

extension PlatformPolicy {
    /// Whether an install is offered the latest release yet under a phased rollout.
    ///
    /// Public so a server can tell which installs share a decision (and cache it) without
    /// evaluating again: apart from exemptions, this is all an install ID changes.
    /// - Parameters:
    ///   - installID: The install's random ID.
    ///   - now: The current time, which advances a scheduled rollout.
    /// - Returns: `true` without a rollout, once it reaches 100 %, or when the install's bucket is in.
    public func includesInRollout(installID: String, at now: Date) -> Bool {
        guard let rollout else { return true }
        let share = rollout.percentage(at: now, releaseDate: latest?.releaseDate)
        if share >= 100 { return true }
        let target = "\(latest?.version?.description ?? "")+\(latest?.build?.description ?? "")"
        return RolloutBucket.position(installID: installID, target: target) < share
    }
}
