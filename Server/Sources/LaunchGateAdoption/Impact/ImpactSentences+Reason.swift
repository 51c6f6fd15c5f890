import LaunchGate
import LaunchGateStorage

extension ImpactSentences {
    /// Why the guard wants a change confirmed, as the rest of a sentence about the change:
    /// "newly blocks 40 % of active iOS installs". Short, since the console's checkbox and every
    /// refusal carry it.
    public func reason(_ breach: GuardBreach) -> String {
        let (platform, share) = (Self.name(breach.platform), FigureText.percent(breach.share))
        switch breach.measure {
        case .newlyBlocked: return "newly blocks \(share) of active \(platform) installs"
        case .blockedAfter: return "leaves \(share) of active \(platform) installs blocked"
        case .establishedNewlyBlocked: return "newly blocks \(share) of established \(platform) installs"
        case .establishedBlockedAfter: return "leaves \(share) of established \(platform) installs blocked"
        case .noEstablishedInstalls: return "newly blocks \(platform) installs while none is established yet (seen twice, a day apart)"
        case .refusedSightings: return "changes what blocks \(platform) installs while the cap refused some of their sightings"
        case .unevaluatedWorstCase: return "newly blocks up to \(share) of active \(platform) installs, rare groups included"
        }
    }
}
