/// Who deleted an account: the person, from the app (App Store Review Guideline 5.1.1(v)), or
/// an operator, from the admin API, the CLI or the console.
public enum DeletionRequester: String, Sendable, Hashable, CaseIterable, Codable {
    /// The account's owner, with its session (`DELETE /v1/apps/{app}/auth/account`).
    case user
    /// An operator with an admin token or console session.
    case `operator`
}
