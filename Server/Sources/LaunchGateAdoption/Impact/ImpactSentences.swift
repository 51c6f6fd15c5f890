import Foundation
import LaunchGate
import LaunchGatePolicies
import LaunchGateStorage

/// What a ``PolicyImpact`` says in words, for the admin API's `summary`, the CLI, the console
/// and the guard's refusals: the only place its prose is written.
///
/// One plain sentence leads, about the change and the platform it changes, with that platform's
/// own figures (``PlatformImpact/counted``); every other platform and every caveat follows in a
/// sentence of its own, and each figure names its platform.
///
/// ```swift
/// let words = ImpactSentences(impact)
/// print(words.headline)   // "Raising required on iOS to 2.3.0 blocks 42 of 160 iOS installs (26.3 %), 14 of them not blocked now."
/// ```
public struct ImpactSentences: Sendable {
    /// The impact worded.
    public let impact: PolicyImpact
    /// Whether the change went out (with the impact unknown, the words differ).
    public let published: Bool

    /// Words an impact.
    /// - Parameter published: Whether the change was published with it, rather than proposed.
    public init(_ impact: PolicyImpact, published: Bool = false) {
        self.impact = impact
        self.published = published
    }

    /// The first sentence: what the change blocks on the platform it changes, or why nothing can be counted.
    public var headline: String { sentences[0] }

    /// The sentences after the headline, each on its own: the other platforms, then what the counts can't show.
    public var caveats: [String] { Array(sentences.dropFirst()) }

    /// The headline and the caveats, in one paragraph.
    public var summary: String { sentences.joined(separator: " ") }

    /// Every sentence, the headline first.
    public var sentences: [String] {
        guard impact.known else {
            return ["The impact could not be computed (the install counts could not be read in time), so it is unknown.",
                    published ? "The publish was confirmed and went ahead without the publish guard."
                        : "Publishing needs confirming until it can be computed again."]
        }
        let counted = platforms.filter { $0.counts.counted.installs > 0 }
        var sentences: [String] = []
        if counted.isEmpty {
            sentences.append("No installs were seen in the last \(impact.activeDays) days, so nothing can be counted yet.")
        } else {
            // The platforms the change touches lead, so the first sentence is always about the change.
            let ordered = counted.filter { !phrase(for: $0.platform).isEmpty } + counted.filter { phrase(for: $0.platform).isEmpty }
            let leading = ordered.compactMap { figures($0.platform, $0.counts) }
            sentences += leading.isEmpty ? [nothingBlocked(counted)] : leading
            for (platform, counts) in ordered where !phrase(for: platform).isEmpty || counts.counted.blocked > 0 {
                sentences += details(platform, counts)
            }
        }
        sentences += notes
        return sentences
    }

    /// The platforms with counts, in the one order (iOS first).
    private var platforms: [(platform: Platform, counts: PlatformImpact)] {
        impact.platforms.sorted { $0.key.isListed(before: $1.key) }.map { ($0.key, $0.value) }
    }

    /// What the change does to one platform's installs, in its own figures; `nil` for a platform it
    /// doesn't change and where nothing is blocked.
    private func figures(_ platform: Platform, _ counts: PlatformImpact) -> String? {
        let (name, shown) = (Self.name(platform), counts.counted)
        let installs = FigureText.count(shown.installs, "\(name) install")
        let subject = phrase(for: platform)
        guard !subject.isEmpty else {
            guard shown.blocked > 0 else { return nil }
            if shown.newlyBlocked == 0 {
                return "\(name)'s unchanged rules block \(FigureText.grouped(shown.blocked)) of \(installs) (\(FigureText.percent(shown.blockedShare)))."
            }
            return "This policy blocks \(FigureText.grouped(shown.blocked)) of \(installs) (\(FigureText.percent(shown.blockedShare)))" + newly(shown) + "."
        }
        guard shown.blocked > 0 else {
            return shown.installs == 1 ? "\(subject) doesn't block the one \(name) install." : "\(subject) blocks none of the \(installs)."
        }
        return "\(subject) blocks \(FigureText.grouped(shown.blocked)) of \(installs) (\(FigureText.percent(shown.blockedShare)))" + newly(shown) + "."
    }

    /// How many of the blocked installs the current policy lets in, after the figures.
    private func newly(_ counts: ImpactCounts) -> String {
        if counts.newlyBlocked == counts.blocked { return "" }
        if counts.newlyBlocked == 0 { return counts.blocked == 1 ? ", blocked already" : ", all of them blocked already" }
        return ", \(FigureText.grouped(counts.newlyBlocked)) of them not blocked now"
    }

    /// The lead sentence when the change blocks nothing anywhere.
    private func nothingBlocked(_ counted: [(platform: Platform, counts: PlatformImpact)]) -> String {
        "This policy blocks none of the installs counted: " + counted.map { FigureText.count($0.counts.counted.installs, "\(Self.name($0.platform)) install") }
            .joined(separator: " and ") + "."
    }

    /// The sentences about one platform after its figures: who can't update, the established
    /// installs, and those first seen today.
    private func details(_ platform: Platform, _ counts: PlatformImpact) -> [String] {
        let name = Self.name(platform)
        var sentences: [String] = []
        if counts.cannotUpdate > 0, !counts.countsOnlyNew {
            let floor = impact.proposed.policy(for: platform)?.latest?.minimumOS.map { "\(name) below \($0)" } ?? "an OS too old for any allowed version"
            sentences.append(counts.cannotUpdate == 1 ? "1 of the blocked \(name) installs runs \(floor) and can't update at all."
                : "\(FigureText.grouped(counts.cannotUpdate)) of the blocked \(name) installs run \(floor) and can't update at all.")
        }
        let (active, established, new) = (counts.active, counts.established, counts.new)
        if !phrase(for: platform).isEmpty, active.installs > 0, established.installs > 0, established.installs != active.installs {
            sentences.append("Of the \(FigureText.count(established.installs, "established \(name) install")) (seen twice, a day apart), it blocks "
                + "\(FigureText.grouped(established.blocked)) (\(FigureText.percent(established.blockedShare))) and newly blocks "
                + "\(FigureText.grouped(established.newlyBlocked)) (\(FigureText.percent(established.newlyBlockedShare))).")
        }
        let unsettled = (active.newlyBlocked > 0 || new.newlyBlocked > 0) && established.installs == 0
        let guardNote = unsettled ? ", so the publish guard asks to confirm any change that newly blocks one of them." : "."
        if counts.countsOnlyNew {
            sentences.append((new.installs == 1 ? "This \(name) install was first seen today: it isn't established yet (seen twice, a day apart)"
                : "All \(FigureText.grouped(new.installs)) \(name) installs were first seen today: none is established yet (seen twice, a day apart)")
                + guardNote)
            return sentences
        }
        if unsettled { sentences.append("No \(name) install is established yet (seen twice, a day apart)" + guardNote) }
        if new.installs > 0 {
            let blocked = new.installs == 1 ? (new.blocked == 1 ? "blocked" : "not blocked")
                : new.blocked == 0 ? "none of them blocked" : new.blocked == new.installs ? "all of them blocked" : "\(FigureText.grouped(new.blocked)) of them blocked"
            sentences.append(new.installs == 1
                ? "1 more \(name) install was first seen today (\(blocked)); it counts in none of these figures until it is seen on another day."
                : "\(FigureText.grouped(new.installs)) more \(name) installs were first seen today (\(blocked)); they count in none of these figures "
                    + "until they are seen on another day.")
        }
        return sentences
    }

    /// What the counts can't show, whatever the platform: rollouts, refusals, groups left out, channels.
    private var notes: [String] {
        var notes: [String] = []
        if let rolloutNote { notes.append(rolloutNote) }
        for (platform, counts) in platforms where counts.refusedSightings > 0 && counts.changesBlocking {
            let name = Self.name(platform)
            notes.append("The cap on installs and groups refused \(FigureText.count(counts.refusedSightings, "\(name) sighting")) in the last "
                + "\(impact.activeDays) days, so real \(name) installs may be missing from these counts (an upgrade to a new release, say).")
        }
        for (platform, counts) in platforms where counts.unevaluatedGroups > 0 {
            let name = Self.name(platform)
            let worst = counts.changesBlocking ? PublishGuard.worstCase(counts) : 0
            notes.append("These counts leave out \(FigureText.count(counts.unevaluatedInstalls, "\(name) install")) in "
                + "\(FigureText.count(counts.unevaluatedGroups, "rarer (version, build, OS) group")) not evaluated, past the "
                + "\(FigureText.grouped(impact.groupLimit)) with most installs.")
            if worst > 0 {
                notes.append("Counting them all as newly blocked, the change could block up to \(FigureText.percent(worst)) of active \(name) installs.")
            }
        }
        if !impact.guarded {
            notes.append("Installs are not recorded per channel, so these counts cover every channel's installs, and the publish guard "
                + "doesn't apply to the \(impact.channel.rawValue) channel.")
        }
        return notes
    }

    /// How rollout counts were estimated, when a rollout decided any outcome.
    public var rolloutNote: String? {
        guard !impact.rollouts.isEmpty else { return nil }
        return "Rollout counts are expected values: install IDs are stored only as HMACs, so rollout buckets can't be recomputed; installs that "
            + "only the rollout decides are split by its current share ("
            + impact.rollouts.sorted { $0.key.isListed(before: $1.key) }.map { "\(Self.name($0.key)) \(FigureText.percent($0.value / 100))" }
            .joined(separator: ", ") + ")."
    }

    /// What changed in the entry `platform`'s installs read, as its sentence's subject; empty when nothing did.
    package func phrase(for platform: Platform) -> String {
        let key = impact.proposed.platforms[platform] != nil ? platform : .ios
        guard let entry = impact.proposed.policy(for: platform) else { return "" }
        let (old, name) = (impact.current?.policy(for: key), Self.name(key))
        var phrases: [String] = []
        if entry.endOfLife != nil, old?.endOfLife == nil { phrases.append("Ending the app's life on \(name)") }
        if let required = entry.required, required != old?.required {
            var verb = "Setting"
            if let before = old?.required?.version, let after = required.version {
                verb = before < after ? "Raising" : before > after ? "Lowering" : "Changing"
            }
            let target = required.version?.description ?? required.build.map { "build \($0)" } ?? "nothing"
            phrases.append("\(verb) required on \(name) to \(target)")
        }
        if entry.blocked != old?.blocked ?? BlockedReleases() { phrases.append("Changing the blocked releases on \(name)") }
        if let floor = entry.latest?.minimumOS, floor != old?.latest?.minimumOS { phrases.append("Requiring \(name) \(floor)") }
        if entry.rollout != old?.rollout, entry.rollout != nil { phrases.append("Changing the rollout on \(name)") }
        return phrases.prefix(2).joined(separator: " and ")
    }
}
