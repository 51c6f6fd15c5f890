import LaunchGate
import LaunchGateStorage

/// What adoption and the publish guard refuse, without HTTP vocabulary.
public struct AdoptionError: LaunchGateFailure, Equatable {
    /// See ``LaunchGateFailure/code``.
    public let code: String
    /// See ``LaunchGateFailure/message``.
    public let message: String
    /// See ``LaunchGateFailure/kind``.
    public let kind: FailureKind
    /// See ``LaunchGateFailure/retryAfter``.
    public let retryAfter: Int?
    /// For `confirmation-required` and `impact-unavailable`: the refusal, for the console and the
    /// CLI to word in their own terms (``message`` is the API's).
    public let refusal: GuardRefusal?

    private init(code: String, message: String, kind: FailureKind, retryAfter: Int? = nil, refusal: GuardRefusal? = nil) {
        self.code = code
        self.message = message
        self.kind = kind
        self.retryAfter = retryAfter
        self.refusal = refusal
    }

    /// A publish or rollback the ``PublishGuard`` wants confirmed, for `breach`: refused until it
    /// is confirmed; the message names the rule that was broken and the fields to go on with, and
    /// ``refusal`` carries the impact.
    public static func confirmationRequired(_ impact: PolicyImpact, breach: GuardBreach, limit: Double) -> AdoptionError {
        let refusal = GuardRefusal(impact: impact, breach: breach, limit: limit)
        return AdoptionError(code: "confirmation-required", message: refusal.sentence(for: .api), kind: .conflict, refusal: refusal)
    }

    /// An unconfirmed publish or rollback whose impact could not be computed (the install counts
    /// could not be read, or not in time), so the guard can't check it: confirming it publishes
    /// without the impact.
    public static func impactUnavailable(_ impact: PolicyImpact, limit: Double) -> AdoptionError {
        let refusal = GuardRefusal(impact: impact, breach: nil, limit: limit)
        return AdoptionError(code: "impact-unavailable", message: refusal.sentence(for: .api), kind: .conflict, refusal: refusal)
    }

    /// An install ping from a client past its recording budget (``AdoptionConfiguration/sightingsPerClient``);
    /// the SDK pings once a day, so only many installs behind one address or a client that is not
    /// the SDK gets here.
    public static func tooManyPings(retryAfter: Int) -> AdoptionError {
        AdoptionError(code: "rate-limited", message: "too many installs recorded from this address; retry in \(retryAfter) s",
                      kind: .rateLimited, retryAfter: retryAfter)
    }

    /// Prompt counts for a revision the app never published on that channel: made-up revisions would add rows.
    public static func unknownRevision(_ revision: Int, channel: ReleaseChannel, app: String) -> AdoptionError {
        AdoptionError(code: "unknown-revision",
                      message: "app \"\(app)\" has no \(channel.rawValue) policy revision \(revision); send counts only for revisions its policies named",
                      kind: .invalidInput)
    }

    /// A ping body that is not a prompt funnel report.
    public static func invalidFunnel(_ reason: String) -> AdoptionError {
        AdoptionError(code: "invalid-funnel", message: "the body is not the prompt counts the SDK sends: \(reason)", kind: .invalidInput)
    }
}
