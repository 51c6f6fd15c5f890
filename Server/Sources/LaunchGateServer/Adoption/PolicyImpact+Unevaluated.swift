import Foundation

extension PolicyImpact {
    /// The impact with the groups storage left out of `evaluated` named: counted nowhere (so
    /// they can't dilute the guard's shares), and said in the summary.
    func leavingOut(_ evaluated: InstallSharePage, limit: Int) -> PolicyImpact {
        guard evaluated.otherEntries > 0 else { return self }
        var impact = self
        impact.unevaluatedGroups = evaluated.otherEntries
        impact.unevaluatedInstalls = evaluated.otherInstalls
        impact.summary += " \(Self.grouped(evaluated.otherInstalls)) installs in \(Self.grouped(evaluated.otherEntries)) rarer (version, build, OS) "
            + "groups past the \(Self.grouped(limit)) with most installs were not evaluated and are not counted."
        return impact
    }
}
