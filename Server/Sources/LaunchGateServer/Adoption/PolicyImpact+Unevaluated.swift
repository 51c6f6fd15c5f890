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
        let worst = impact.unevaluatedWorstCase()
        impact.summary += " \(Self.grouped(evaluated.otherInstalls)) installs in \(Self.grouped(evaluated.otherEntries)) rarer (version, build, OS) "
            + "groups past the \(Self.grouped(limit)) with most installs were not evaluated and are not counted"
            + (worst.map { "; if they were all newly blocked, the change could block up to \(Self.percent($0.share)) of active \($0.platform) installs." }
                ?? ".")
        return impact
    }

    /// The largest share of one platform's installs the change could newly block if every
    /// unevaluated install were newly blocked, and that platform's: which platform they run is not
    /// known (they were never read), so each platform the change could block on is checked as if
    /// all of them were its own, among its active installs and among its established ones. Made-up
    /// groups on another platform then can't push a platform's real installs off the page and
    /// dilute them with their own. `nil` without unevaluated installs or anything the change could
    /// newly block.
    func unevaluatedWorstCase() -> (platform: String, share: Double)? {
        guard let hidden = unevaluatedInstalls, hidden > 0, mayBlockMore else { return nil }
        let hiddenEstablished = unevaluatedEstablished ?? 0
        let candidates = riskPlatforms.isEmpty ? Set(platforms.keys).union(["all"]) : riskPlatforms
        var worst: (platform: String, share: Double)?
        for platform in candidates.sorted() {
            let counts = platform == "all"
                ? PlatformImpact(activeInstalls: activeInstalls, blocked: blocked, newlyBlocked: newlyBlocked, establishedInstalls: establishedInstalls,
                                 establishedBlocked: establishedBlocked, establishedNewlyBlocked: establishedNewlyBlocked)
                : platforms[platform] ?? PlatformImpact()
            // No more of them than the platform's own installs not evaluated (an iPad entry with
            // no iPads can't hide any).
            let room = min(hidden, unevaluatedRoom[platform] ?? hidden)
            guard room > 0 else { continue }
            var share = Double(counts.newlyBlocked + room) / Double(counts.activeInstalls + room)
            let roomEstablished = min(hiddenEstablished, room)
            if roomEstablished > 0 {
                share = max(share, Double(counts.establishedNewlyBlocked + roomEstablished) / Double(counts.establishedInstalls + roomEstablished))
            }
            if share > (worst?.share ?? -1) { worst = (platform, share) }
        }
        return worst
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

    /// Records the sightings caps refused per platform within the window, with a sentence for
    /// the platforms the change could block on.
    mutating func noteRefused(_ refused: [String: Int]) {
        refusedSightings = refused
        let risky = refused.filter { $0.value > 0 && (riskPlatforms.isEmpty || riskPlatforms.contains($0.key)) }.sorted { $0.key < $1.key }
        guard !risky.isEmpty else { return }
        summary += " " + risky.map { "\(Self.grouped($0.value)) \($0.key) sightings" }.joined(separator: ", ")
            + " were refused by the group or install caps in the last \(activeDays) days, so real installs may be missing from these counts"
            + " (an upgrade to a new release, say)."
    }
}
