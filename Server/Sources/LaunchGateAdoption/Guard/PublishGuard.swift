import LaunchGate
import LaunchGatePolicies

/// Decides whether a change may be published unconfirmed, from its impact alone: a pure
/// function, so each rule is tested without storage.
///
/// On each platform, in name order, a change needs confirming when
/// - it newly blocks installs there (active or new today), and the newly blocked share of the
///   platform's active installs, or the blocked share after it, is over ``limit``; or the
///   platform has no established installs (seen on two sightings a day apart), so no share can
///   be trusted; or the same shares among its established installs are over ``limit``, which
///   installs made up in the days before can't dilute; or
/// - it changes what blocks there, and either the cap refused sightings on the platform within
///   the window (its counts may miss real installs), or groups past the impact's limit could
///   tip it if all of their installs were newly blocked.
///
/// Only the production channel is guarded. An impact that could not be computed needs
/// confirming there, since nothing can be checked.
///
/// ```swift
/// switch PublishGuard(limit: 0.2).verdict(on: impact) {
/// case .publish: publish()
/// case .confirm(let breach): ask(breach)
/// case .unknownImpact: askWithoutImpact()
/// }
/// ```
public struct PublishGuard: Sendable, Equatable {
    /// What the guard decided.
    public enum Verdict: Sendable, Equatable {
        /// The change may go out unconfirmed.
        case publish
        /// The change needs confirming, for this reason.
        case confirm(GuardBreach)
        /// The impact could not be computed, so the change needs confirming.
        case unknownImpact

        /// Whether an unconfirmed publish is refused.
        public var needsConfirmation: Bool { self != .publish }
    }

    /// The share (0…1) of a platform's installs a change may block unconfirmed.
    public var limit: Double

    /// Creates a guard.
    /// - Parameter limit: The share (0…1) of a platform's installs a change may block unconfirmed.
    public init(limit: Double) {
        self.limit = limit
    }

    /// The verdict on an impact.
    public func verdict(on impact: PolicyImpact) -> Verdict {
        guard impact.guarded else { return .publish }
        guard impact.known else { return .unknownImpact }
        for (platform, counts) in impact.platforms.sorted(by: { $0.key.isListed(before: $1.key) }) {
            if let measure = breach(counts) { return .confirm(GuardBreach(platform: platform, measure: measure.0, share: measure.1)) }
        }
        return .publish
    }

    private func breach(_ counts: PlatformImpact) -> (GuardBreach.Measure, Double)? {
        let (active, established) = (counts.active, counts.established)
        if active.newlyBlocked > 0 || counts.new.newlyBlocked > 0 {
            if active.newlyBlockedShare > limit { return (.newlyBlocked, active.newlyBlockedShare) }
            // Only a change that newly blocks some of them is held to the share left blocked, or
            // installs made up on a blocked version would hold up any change.
            if active.newlyBlocked > 0, active.blockedShare > limit { return (.blockedAfter, active.blockedShare) }
            if established.installs == 0 { return (.noEstablishedInstalls, 1) }
            if established.newlyBlockedShare > limit { return (.establishedNewlyBlocked, established.newlyBlockedShare) }
            if established.newlyBlocked > 0, established.blockedShare > limit { return (.establishedBlockedAfter, established.blockedShare) }
        }
        guard counts.changesBlocking else { return nil }
        if counts.refusedSightings > 0 { return (.refusedSightings, 1) }
        let worst = Self.worstCase(counts)
        return worst > limit ? (.unevaluatedWorstCase, worst) : nil
    }

    /// The share of the platform's installs newly blocked if every unevaluated install were, among
    /// its active installs or its established ones, whichever is larger; 0 without any.
    static func worstCase(_ counts: PlatformImpact) -> Double {
        guard counts.unevaluatedInstalls > 0 else { return 0 }
        func share(_ counts: ImpactCounts, _ hidden: Int) -> Double {
            hidden == 0 ? 0 : Double(counts.newlyBlocked + hidden) / Double(counts.installs + hidden)
        }
        return max(share(counts.active, counts.unevaluatedInstalls), share(counts.established, counts.unevaluatedEstablished))
    }
}
