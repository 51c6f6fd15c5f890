import LaunchGate
import LaunchGateStorage

extension ImpactCalculator {
    /// Whether `proposed` could newly block a version within `refused` on `platform`, compared
    /// through the entry its installs read (``UpdatePolicy/policy(for:)``): the refused sightings
    /// count in the impact and the guard only then, so refusals of made-up versions don't make a
    /// change that blocks none of them ask for confirmation.
    ///
    /// Only the versions' range is known, not their builds or OS versions, so the answer leans to
    /// yes: a new end of life, a build requirement or a blocked build could block any of them; a
    /// raised required version could block those from the old one up to it; a newly blocked
    /// version those it equals, when it is in the range and in the filter of the
    /// versions refused (``RefusedVersionFilter``: a flood of made-up versions widens the range to
    /// hold every version, not the filter). With the range unknown (refusals stored before it
    /// was), any change to what blocks there could.
    /// - Parameters:
    ///   - filter: Which versions may be among the refused; `nil` when not known (refusals stored
    ///     before it was), and then every version in `refused` may be.
    ///   - changing: ``platformsChangingBlocking(from:to:)`` of the same policies.
    static func couldNewlyBlock(_ refused: ClosedRange<AppVersion>?, filter: RefusedVersionFilter? = nil, on platform: Platform,
                                from current: UpdatePolicy?, to proposed: UpdatePolicy, changing: Set<Platform>) -> Bool {
        guard changing.contains(platform) else { return false }
        guard let refused, let new = proposed.policy(for: platform) else { return true }
        let old = current?.policy(for: platform)
        if new.endOfLife != nil, old?.endOfLife == nil { return true }
        if let build = new.required?.build, build != old?.required?.build { return true }
        if !Set(new.blocked.builds).subtracting(old?.blocked.builds ?? []).isEmpty { return true }
        if let required = new.required?.version {
            // Newly blocked: from the old requirement (below it, blocked already) up to the new one.
            let floor = old?.required?.version
            if refused.lowerBound < required, floor.map({ $0 < required && refused.upperBound >= $0 }) ?? true { return true }
        }
        return Set(new.blocked.versions).subtracting(old?.blocked.versions ?? []).contains {
            RefusedSightings(count: 1, versions: refused, filter: filter).mayInclude($0)
        }
    }
}
