import LaunchGate

/// A draft's impact as the editor shows it: the dry run's sentence and figures, and whether the
/// publish guard asks to confirm it. The console's one reader of ``PolicyImpact``.
struct ConsoleImpact: Encodable, Sendable {
    /// The guard's question: why the publish needs confirming, and the share it may block unconfirmed.
    struct Confirmation: Encodable, Sendable {
        let reason: String
        let limit: String
    }

    let summary: String
    let blocked: String
    let blockedShare: String
    let newlyBlocked: String
    let newlyBlockedShare: String
    let activeInstalls: String
    let activeDays: Int
    /// `nil` when the guard lets the draft through unconfirmed.
    let confirmation: Confirmation?

    init(_ impact: PolicyImpact, guardShare: Double) {
        summary = impact.summary
        (blocked, blockedShare) = (ConsoleFigures.count(impact.blocked), ConsoleFigures.percent(impact.blockedShare))
        (newlyBlocked, newlyBlockedShare) = (ConsoleFigures.count(impact.newlyBlocked), ConsoleFigures.percent(impact.newlyBlockedShare))
        (activeInstalls, activeDays) = (ConsoleFigures.count(impact.activeInstalls), impact.activeDays)
        let limit = ConsoleFigures.percent(guardShare)
        if let breach = impact.guardBreach(limit: guardShare) {
            confirmation = Confirmation(reason: breach.description, limit: limit)
        } else if !impact.known && impact.guarded {
            confirmation = Confirmation(reason: "can't be checked: its impact could not be computed", limit: limit)
        } else {
            confirmation = nil
        }
    }

    /// The dry run of publishing `policy`, as `PUT …/policy?dry_run=true` computes it.
    /// - Throws: ``ServiceError`` (an unknown app); when the install counts can't be read (in
    ///   time), the impact says so instead, and the editor still opens.
    static func of(_ policy: UpdatePolicy, app: String, channel: ReleaseChannel, adoption: AdoptionService) async throws -> ConsoleImpact {
        let impact: PolicyImpact
        do { impact = try await adoption.impact(of: policy, app: app, channel: channel) } catch let error as ServiceError {
            throw error
        } catch {
            impact = PolicyImpact.unknown(app: app, channel: channel.rawValue, activeDays: adoption.configuration.activeDays,
                                          guarded: channel == .production, published: false)
        }
        return ConsoleImpact(impact, guardShare: adoption.configuration.publishGuardShare)
    }
}
