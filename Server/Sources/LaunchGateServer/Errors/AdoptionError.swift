/// What adoption and the publish guard refuse, without HTTP vocabulary.
public struct AdoptionError: LaunchGateFailure, Equatable {
    /// See ``LaunchGateFailure/code``.
    public let code: String
    /// See ``LaunchGateFailure/message``.
    public let message: String
    /// See ``LaunchGateFailure/kind``.
    public let kind: FailureKind

    /// A publish that would newly block more than the guard's share of active installs, refused
    /// until it is confirmed; the message carries the impact.
    public static func confirmationRequired(_ impact: PolicyImpact, limit: Double) -> AdoptionError {
        AdoptionError(code: "confirmation-required", message: impact.summary + " That is more than the "
            + PolicyImpact.percent(limit) + " of active installs a publish may newly block unconfirmed; publish again with "
            + "\"confirm\": true (CLI: --confirm) if this is intended, or use dry_run=true (--dry-run) to look first.", kind: .conflict)
    }
}
