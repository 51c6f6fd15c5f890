import LaunchGate

/// A ``PolicyImpact`` as the admin API sends it (`PolicyImpact` in `Server/openapi.yaml`): the
/// counts, their shares, every outcome with zeros included (so clients need no defaults), and
/// the ``ImpactSentences`` summary. Totals are the platforms' sums; the unevaluated counts are
/// present only when groups were left out. `platforms` lists each platform with installs, active or
/// first seen today: the figures its sentence in `summary` gives.
package struct PolicyImpactJSON: Encodable {
    /// One platform's counts, as `platforms` lists them.
    package struct PlatformJSON: Encodable {
        package let activeInstalls, blocked, newlyBlocked: Int
        package let blockedShare, newlyBlockedShare: Double
        let establishedInstalls, establishedBlocked, establishedNewlyBlocked: Int
        let establishedBlockedShare, establishedNewlyBlockedShare: Double
        /// The platform's installs first seen today: what its sentence counts when it has no older ones.
        package let newInstalls, newBlocked, newNewlyBlocked: Int
        let cannotUpdate: Int

        package init(_ counts: PlatformImpact) {
            (activeInstalls, blocked, newlyBlocked) = (counts.active.installs, counts.active.blocked, counts.active.newlyBlocked)
            (blockedShare, newlyBlockedShare) = (counts.active.blockedShare, counts.active.newlyBlockedShare)
            let established = counts.established
            (establishedInstalls, establishedBlocked, establishedNewlyBlocked) = (established.installs, established.blocked, established.newlyBlocked)
            (establishedBlockedShare, establishedNewlyBlockedShare) = (established.blockedShare, established.newlyBlockedShare)
            (newInstalls, newBlocked, newNewlyBlocked, cannotUpdate) = (counts.new.installs, counts.new.blocked, counts.new.newlyBlocked, counts.cannotUpdate)
        }
    }

    package let app, channel: String
    package let activeDays, activeInstalls, groups: Int
    package let outcomes, currentOutcomes: [String: Int]
    package let blocked, newlyBlocked, cannotUpdate: Int
    package let minimumOS: [String: String]
    let rolloutNote: String?
    package let summary: String
    package let blockedShare, newlyBlockedShare: Double
    package let platforms: [String: PlatformJSON]
    /// Installs are not recorded per channel, so every channel's are counted.
    let countedChannels = "all"
    let guarded: Bool
    let newInstalls, newInstallsBlocked: Int
    let unevaluatedGroups, unevaluatedInstalls, unevaluatedEstablished: Int?
    let establishedInstalls, establishedBlocked, establishedNewlyBlocked: Int
    package let known: Bool
    package let refusedSightings: [String: Int]

    /// - Parameter published: Whether the change went out with it (the summary says so when the impact is unknown).
    package init(_ impact: PolicyImpact, published: Bool = false) {
        let words = ImpactSentences(impact, published: published)
        let (active, established, unevaluated) = (impact.active, impact.established, impact.unevaluated)
        (app, channel, activeDays, groups) = (impact.app, impact.channel.rawValue, impact.activeDays, impact.groups)
        (activeInstalls, blocked, newlyBlocked, cannotUpdate) = (active.installs, active.blocked, active.newlyBlocked, impact.cannotUpdate)
        (blockedShare, newlyBlockedShare) = (active.blockedShare, active.newlyBlockedShare)
        outcomes = Dictionary(uniqueKeysWithValues: InstallOutcome.allCases.map { ($0.rawValue, impact.outcomes[$0] ?? 0) })
        currentOutcomes = Dictionary(uniqueKeysWithValues: InstallOutcome.allCases.map { ($0.rawValue, impact.currentOutcomes[$0] ?? 0) })
        minimumOS = Dictionary(uniqueKeysWithValues: impact.proposed.platforms.compactMap { platform, entry in
            entry.latest?.minimumOS.map { (platform.rawValue, $0.description) }
        })
        (rolloutNote, summary, guarded, known) = (words.rolloutNote, words.summary, impact.guarded, impact.known)
        platforms = Dictionary(uniqueKeysWithValues: impact.platforms.filter { $0.value.counted.installs > 0 }.map {
            ($0.key.rawValue, PlatformJSON($0.value))
        })
        (newInstalls, newInstallsBlocked) = (impact.new.installs, impact.new.blocked)
        (unevaluatedGroups, unevaluatedInstalls, unevaluatedEstablished) = unevaluated.groups > 0
            ? (unevaluated.groups, unevaluated.installs, unevaluated.established) : (nil, nil, nil)
        (establishedInstalls, establishedBlocked, establishedNewlyBlocked) = (established.installs, established.blocked, established.newlyBlocked)
        refusedSightings = Dictionary(uniqueKeysWithValues: impact.platforms.filter { $0.value.refusedSightings > 0 }.map {
            ($0.key.rawValue, $0.value.refusedSightings)
        })
    }
}
