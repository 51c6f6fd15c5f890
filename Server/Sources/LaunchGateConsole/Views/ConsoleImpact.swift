import LaunchGate
import LaunchGateAdoption
import LaunchGatePolicies
import LaunchGateStorage

/// A draft's impact as the editor shows it: the dry run's sentences, each platform's figures, and
/// whether the publish guard asks to confirm it. The console's one reader of ``PolicyImpact``:
/// the sentence, the table and the checkbox all come from the same platform counts
/// (``PlatformImpact/counted``) that the API's `platforms` and the CLI print.
struct ConsoleImpact: ConsoleView {
    /// The guard's question: why the publish needs confirming, and the rule it broke.
    package struct Confirmation: ConsoleView {
        package let reason: String
        package let hint: String
    }

    /// One platform's row of the table, named as people write it.
    package struct PlatformRow: ConsoleView {
        package let id: String
        package let name: String
        package let installs: String
        package let blocked: String
        package let blockedShare: String
        package let newlyBlocked: String
        package let newlyBlockedShare: String
        /// Whether the figures are of installs first seen today, the platform having no older ones.
        package let firstSeenToday: Bool
    }

    /// The first sentence: what the change blocks on the platform it changes.
    package let headline: String
    /// Every sentence after it, each on its own.
    package let caveats: [String]
    /// Per platform with installs, iOS first.
    package let platforms: [PlatformRow]
    package let activeDays: Int
    /// `nil` when the guard lets the draft through unconfirmed.
    package let confirmation: Confirmation?

    package init(_ impact: PolicyImpact, guard publishGuard: PublishGuard) {
        let words = ImpactSentences(impact)
        (headline, caveats, activeDays) = (words.headline, words.caveats, impact.activeDays)
        platforms = impact.platforms.sorted { $0.key.isListed(before: $1.key) }.filter { $0.value.counted.installs > 0 }.map { platform, counts in
            let shown = counts.counted
            return PlatformRow(id: platform.rawValue, name: ImpactSentences.name(platform), installs: FigureText.grouped(shown.installs),
                               blocked: FigureText.grouped(shown.blocked), blockedShare: FigureText.percent(shown.blockedShare),
                               newlyBlocked: FigureText.grouped(shown.newlyBlocked), newlyBlockedShare: FigureText.percent(shown.newlyBlockedShare),
                               firstSeenToday: counts.countsOnlyNew)
        }
        let limit = FigureText.percent(publishGuard.limit)
        switch publishGuard.verdict(on: impact) {
        case .confirm(let breach):
            let hint = breach.hasShare ? "More than the \(limit) a change may block unconfirmed."
                : breach.measure == .refusedSightings ? "Real installs may be missing from these counts." : "No share of these installs can be trusted yet."
            confirmation = Confirmation(reason: words.reason(breach), hint: hint)
        case .unknownImpact:
            confirmation = Confirmation(reason: "can't be checked: its impact could not be computed", hint: "The publish guard can't check it without the impact.")
        case .publish: confirmation = nil
        }
    }

    /// The dry run of publishing `policy`, as `PUT …/policy?dry_run=true` computes it.
    /// - Throws: ``ServiceError`` (an unknown app), and `CancellationError` when the request is
    ///   cancelled (its client went away: there is no page to draw); when the install counts
    ///   can't be read (in time), the impact says so instead, and the editor still opens.
    package static func of(_ policy: UpdatePolicy, app: String, channel: ReleaseChannel, adoption: AdoptionService) async throws -> ConsoleImpact {
        let impact: PolicyImpact
        do { impact = try await adoption.impact(of: policy, app: app, channel: channel) } catch let error as ServiceError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            impact = PolicyImpact.unknown(app: app, channel: channel, activeDays: adoption.configuration.activeDays, proposed: policy)
        }
        return ConsoleImpact(impact, guard: adoption.publishGuard)
    }
}
