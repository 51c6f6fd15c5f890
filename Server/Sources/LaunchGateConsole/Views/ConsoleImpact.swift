import LaunchGate
import LaunchGateAdoption
import LaunchGateStorage

/// A draft's impact as the editor shows it: the dry run's sentence and figures, and whether the
/// publish guard asks to confirm it. The console's one reader of ``PolicyImpact``.
struct ConsoleImpact: ConsoleView {
    /// The guard's question: why the publish needs confirming, and the share it may block unconfirmed.
    package struct Confirmation: ConsoleView {
        package let reason: String
        package let limit: String
    }

    package let summary: String
    package let blocked: String
    package let blockedShare: String
    package let newlyBlocked: String
    package let newlyBlockedShare: String
    package let activeInstalls: String
    package let activeDays: Int
    /// `nil` when the guard lets the draft through unconfirmed.
    package let confirmation: Confirmation?

    package init(_ impact: PolicyImpact, guard publishGuard: PublishGuard) {
        let (words, active) = (ImpactSentences(impact), impact.active)
        summary = words.summary
        (blocked, blockedShare) = (ConsoleFigures.count(active.blocked), ConsoleFigures.percent(active.blockedShare))
        (newlyBlocked, newlyBlockedShare) = (ConsoleFigures.count(active.newlyBlocked), ConsoleFigures.percent(active.newlyBlockedShare))
        (activeInstalls, activeDays) = (ConsoleFigures.count(active.installs), impact.activeDays)
        let limit = ConsoleFigures.percent(publishGuard.limit)
        switch publishGuard.verdict(on: impact) {
        case .confirm(let breach): confirmation = Confirmation(reason: words.reason(breach), limit: limit)
        case .unknownImpact: confirmation = Confirmation(reason: "can't be checked: its impact could not be computed", limit: limit)
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
