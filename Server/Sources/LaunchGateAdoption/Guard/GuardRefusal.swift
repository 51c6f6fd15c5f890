import LaunchGate
import LaunchGatePolicies
import LaunchGateStorage

/// Why the ``PublishGuard`` refused an unconfirmed publish or rollback, kept as values so that
/// each surface words it in its own terms: the API names its JSON fields, the console its form's
/// controls, the CLI its flags. Each says it in a sentence of at most about 200 characters, and
/// leaves the detail (the impact's sentences) one step away: the dry run, the Preview, the
/// indented lines under the CLI's sentence.
///
/// ```swift
/// catch let error as AdoptionError {
///     if let refusal = error.refusal { print(refusal.sentence(for: .cli(.publish))) }
/// }
/// ```
public struct GuardRefusal: Sendable, Equatable {
    /// Where the refusal is shown, which decides the controls it names.
    public enum Surface: Sendable, Equatable {
        /// The admin API's 409 `message`.
        case api
        /// The console's form, for a publish or a rollback.
        case console(Action)
        /// The CLI, for `policy publish` or `policy rollback`.
        case cli(Action)
    }

    /// What was refused.
    public enum Action: Sendable, Equatable {
        /// A publish of a new revision.
        case publish
        /// A rollback to an earlier revision.
        case rollback
    }

    /// The impact the guard judged; unknown (``PolicyImpact/known`` `false`) when it could not be computed.
    public var impact: PolicyImpact
    /// The rule the change broke; `nil` when the impact could not be computed.
    public var breach: GuardBreach?
    /// The share (0…1) of a platform's installs a change may block unconfirmed.
    public var limit: Double

    /// A refusal.
    /// - Parameters:
    ///   - breach: The rule the change broke; `nil` when the impact could not be computed.
    ///   - limit: The share (0…1) of a platform's installs a change may block unconfirmed.
    public init(impact: PolicyImpact, breach: GuardBreach?, limit: Double) {
        (self.impact, self.breach, self.limit) = (impact, breach, limit)
    }

    /// Why, as the rest of a sentence that starts "Not published: ": "it leaves 26.3 % of active
    /// iOS installs blocked, over the 20 % allowed unconfirmed".
    public var why: String {
        guard let breach else { return "its impact could not be computed in time, so the publish guard can't check it" }
        let over = breach.hasShare ? ", over the \(FigureText.percent(limit)) allowed unconfirmed" : ""
        return "it " + ImpactSentences(impact).reason(breach) + over
    }

    /// The refusal in the words of `surface`: one sentence for the API and the console; for the
    /// CLI, a sentence, the impact's sentences indented under it, and the flags to go on with.
    public func sentence(for surface: Surface) -> String {
        switch surface {
        case .api:
            let next = breach == nil ? "send \"confirm\": true to publish without it, or try again later."
                : "send \"confirm\": true to publish, or dry_run=true for the impact."
            return "Not published: \(why); " + next
        case .console(let action):
            let (verb, box) = action == .publish ? ("publish", "Publish although…") : ("roll back", "Roll back although…")
            let done = action == .publish ? "Not published" : "Not rolled back"
            let next = breach == nil ? "Tick '\(box)' to \(verb) without it, or try again later."
                : action == .publish ? "Tick '\(box)' and publish again, or Preview to see who it blocks."
                : "Tick '\(box)' and roll back again."
            return "\(done): \(why). " + next
        case .cli(let action):
            let done = action == .publish ? "not published" : "not rolled back"
            let detail = breach == nil ? [] : ImpactSentences(impact).sentences.map { "  " + $0 }
            let next = breach == nil ? "Run it again with --confirm to go ahead without it, or try again later."
                : action == .publish ? "Run it again with --confirm to publish anyway, or with --dry-run to see every outcome."
                : "Run it again with --confirm to roll back anyway."
            return (["\(done): \(why)."] + detail + [next]).joined(separator: "\n")
        }
    }
}
