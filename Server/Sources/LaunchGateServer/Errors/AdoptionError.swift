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

    private init(code: String, message: String, kind: FailureKind, retryAfter: Int? = nil) {
        self.code = code
        self.message = message
        self.kind = kind
        self.retryAfter = retryAfter
    }

    /// A publish that would newly block more than the guard's share of active installs, refused
    /// until it is confirmed; the message carries the impact.
    public static func confirmationRequired(_ impact: PolicyImpact, limit: Double) -> AdoptionError {
        AdoptionError(code: "confirmation-required", message: impact.summary + " That is more than the "
            + PolicyImpact.percent(limit) + " of active installs a publish may newly block unconfirmed; publish again with "
            + "\"confirm\": true (CLI: --confirm) if this is intended, or use dry_run=true (--dry-run) to look first.", kind: .conflict)
    }

    /// More install pings from one client than its budget; the SDK pings once a day, so only
    /// many installs behind one address or a client that is not the SDK gets here.
    public static func tooManyPings(retryAfter: Int) -> AdoptionError {
        AdoptionError(code: "rate-limited", message: "too many install pings from this address; retry in \(retryAfter) s",
                      kind: .rateLimited, retryAfter: retryAfter)
    }
}
