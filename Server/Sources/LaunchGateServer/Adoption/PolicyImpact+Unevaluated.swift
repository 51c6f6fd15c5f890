import Foundation

extension PolicyImpact {
    /// The impact with the groups storage left out of `evaluated` named: counted nowhere but in
    /// the guard's worst case (``GuardBreach/Measure/unevaluatedWorstCase``), and said in the summary.
    func leavingOut(_ evaluated: ImpactGroupPage, limit: Int) -> PolicyImpact {
        guard evaluated.otherEntries > 0 else { return self }
        var impact = self
        impact.unevaluatedGroups = evaluated.otherEntries
        impact.unevaluatedInstalls = evaluated.otherInstalls
        impact.unevaluatedEstablished = evaluated.otherEstablished
        let share = Double(newlyBlocked + evaluated.otherInstalls) / Double(max(activeInstalls + evaluated.otherInstalls, 1))
        impact.summary += " \(Self.grouped(evaluated.otherInstalls)) installs in \(Self.grouped(evaluated.otherEntries)) rarer (version, build, OS) "
            + "groups past the \(Self.grouped(limit)) with most installs were not evaluated and are not counted"
            + (mayBlockMore ? "; if they were all newly blocked, the change could block up to \(Self.percent(share)) of active installs." : ".")
        return impact
    }

    /// The impact of a publish whose impact could not be computed (storage failed or ran past
    /// its time limit) and that was confirmed, so it went ahead without one; or, not `published`,
    /// of a draft the console shows.
    static func unknown(app: String, channel: String, activeDays: Int, guarded: Bool, published: Bool = true) -> PolicyImpact {
        var impact = PolicyImpact(
            app: app, channel: channel, activeDays: activeDays, activeInstalls: 0, groups: 0, outcomes: [:], currentOutcomes: [:], blocked: 0,
            newlyBlocked: 0, cannotUpdate: 0, minimumOS: [:], rolloutNote: nil, platforms: [:], guarded: guarded,
            summary: "The impact could not be computed (the install counts could not be read in time), so it is unknown; "
                + (published ? "the publish was confirmed and went ahead without the publish guard."
                    : "publishing needs confirming until it can be computed again."))
        impact.known = false
        return impact
    }
}
