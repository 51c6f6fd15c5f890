import LaunchGate

/// What one poll of a link did.
public enum AppStorePollOutcome: Sendable, Hashable {
    /// The storefronts that answered say what the published policy already says.
    case unchanged
    /// A revision was published with what the store serves.
    case published(PlatformPolicy)
    /// No storefront answered: each failed or wasn't reached. The link backs off. (A poll in which
    /// some answered ends as what their answers did; ``AppStorePollReport`` lists the others.)
    case failed([String])
    /// The change was refused by the publish guard or validation; nothing was published.
    case refused(String)
    /// No storefront was asked: the minute's lookups were spent on other polls
    /// (Apple's rate). No failure: the link is due again at once, and a sync says to retry.
    case paced
    /// Another publish came first (another instance's poll, or an operator); the next poll looks again.
    case raced

    /// Whether what the poll took stands (published, or already published): only then does an
    /// operator's `--reset` or `--accept` move the trust; a refused or raced one accepted nothing.
    var accepts: Bool {
        switch self {
        case .published, .unchanged: true
        case .failed, .refused, .paced, .raced: false
        }
    }

    /// The `result` label of `launchgate_appstore_polls_total`.
    public var metricLabel: String {
        switch self {
        case .unchanged: "unchanged"
        case .published: "published"
        case .failed: "error"
        case .paced: "paced"
        case .refused: "refused"
        case .raced: "raced"
        }
    }
}
