import LaunchGate

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

    /// A publish or rollback the publish guard wants confirmed (``PolicyImpact/guardBreach(limit:)``):
    /// on one platform it newly blocks installs of, it would newly block more than the guard's
    /// share of that platform's active or established installs, or leave more than that share
    /// blocked, or the platform has no established installs yet; or the groups left unevaluated
    /// could tip it. Refused until it is confirmed; the message carries the impact and the share
    /// that was checked.
    public static func confirmationRequired(_ impact: PolicyImpact, breach: GuardBreach, limit: Double) -> AdoptionError {
        let subject = breach.measure == .unevaluatedWorstCase ? " It " : " On \(breach.platform) it "
        // Without established installs there is no share to compare with the limit.
        let over = breach.measure == .noEstablishedInstalls ? "" : ", more than the " + PolicyImpact.percent(limit) + " a change may block unconfirmed"
        return AdoptionError(code: "confirmation-required", message: impact.summary + subject + breach.description + over + "; send it again with "
            + "\"confirm\": true (CLI: --confirm) if this is intended, or use dry_run=true (--dry-run) to look first.", kind: .conflict)
    }

    /// An unconfirmed publish or rollback whose impact could not be computed (the install counts
    /// could not be read, or not in time), so the guard can't check it: confirming it publishes
    /// without the impact.
    public static func impactUnavailable(app: String, channel: ReleaseChannel) -> AdoptionError {
        AdoptionError(code: "impact-unavailable", message: "The impact of this change on \(app)'s \(channel.rawValue) installs could not be "
            + "computed (the install counts could not be read in time), so the publish guard can't check it. Send it again with "
            + "\"confirm\": true (CLI: --confirm) to publish without it, or try again later.", kind: .conflict)
    }

    /// More install pings from one client than its budget; the SDK pings once a day, so only
    /// many installs behind one address or a client that is not the SDK gets here.
    public static func tooManyPings(retryAfter: Int) -> AdoptionError {
        AdoptionError(code: "rate-limited", message: "too many install pings from this address; retry in \(retryAfter) s",
                      kind: .rateLimited, retryAfter: retryAfter)
    }
}
