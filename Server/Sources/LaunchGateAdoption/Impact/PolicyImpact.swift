import Foundation
import LaunchGate

/// What a proposed policy would do to the installs active within ``activeDays``: how many would
/// see each outcome under it and under the current policy, per platform. A value: the
/// ``PublishGuard`` judges it, ``ImpactSentences`` words it and ``PolicyImpactJSON`` sends it.
///
/// Computed by ``ImpactCalculator`` with the SDK's own ``UpdateEvaluator`` once per distinct
/// (platform, version, build, OS) group, weighted by the group's count, never per install. Two
/// things can't be known per install because storage keeps install IDs only as HMACs:
/// exemptions (left out; they are a handful of testers) and rollout buckets. A group whose
/// outcome only the rollout decides is split by the rollout's current percentage (``rollouts``).
public struct PolicyImpact: Sendable, Equatable {
    /// The app.
    public var app: String
    /// The channel the policy is for; installs are not recorded per channel, so every channel's are counted.
    public var channel: ReleaseChannel
    /// The activity window, in UTC calendar days, today included.
    public var activeDays: Int
    /// The policy proposed.
    public var proposed: UpdatePolicy
    /// The policy published now; `nil` before the first publish.
    public var current: UpdatePolicy?
    /// `false` when the install counts could not be read (in time): every count is then 0 and means nothing.
    public var known = true
    /// Per platform with installs, refusals or a change, its counts.
    public var platforms: [Platform: PlatformImpact] = [:]
    /// Active installs per outcome under the proposed policy (rounded expected counts under a rollout).
    public var outcomes: [InstallOutcome: Int] = [:]
    /// Active installs per outcome under the current policy; empty before the first publish.
    public var currentOutcomes: [InstallOutcome: Int] = [:]
    /// Distinct (platform, version, build, OS) groups with active installs evaluated.
    public var groups = 0
    /// Blocked active installs whose OS is too old for any allowed version: they can't update at all.
    public var cannotUpdate = 0
    /// The most groups evaluated per platform; ``PlatformImpact/unevaluatedGroups`` are past it.
    public var groupLimit = 0
    /// Per platform, the rollout percentage (0…100) that split groups whose outcome only it decides.
    public var rollouts: [Platform: Double] = [:]

    /// The impact of a change whose install counts could not be read (in time).
    public static func unknown(app: String, channel: ReleaseChannel, activeDays: Int, proposed: UpdatePolicy) -> PolicyImpact {
        var impact = PolicyImpact(app: app, channel: channel, activeDays: activeDays, proposed: proposed, current: nil)
        impact.known = false
        return impact
    }

    /// Whether the ``PublishGuard`` applies: only to the production channel, since the counts
    /// can't tell a channel's installs apart.
    public var guarded: Bool { channel == .production }

    /// Every platform's active installs.
    public var active: ImpactCounts { total(\.active) }
    /// Every platform's established installs.
    public var established: ImpactCounts { total(\.established) }
    /// Every platform's installs first seen today.
    public var new: ImpactCounts { total(\.new) }
    /// Every platform's unevaluated groups, their installs and their established installs.
    public var unevaluated: (groups: Int, installs: Int, established: Int) {
        platforms.values.reduce((0, 0, 0)) { ($0.0 + $1.unevaluatedGroups, $0.1 + $1.unevaluatedInstalls, $0.2 + $1.unevaluatedEstablished) }
    }

    private func total(_ part: KeyPath<PlatformImpact, ImpactCounts>) -> ImpactCounts {
        platforms.values.reduce(ImpactCounts()) { $0 + $1[keyPath: part] }
    }
}
