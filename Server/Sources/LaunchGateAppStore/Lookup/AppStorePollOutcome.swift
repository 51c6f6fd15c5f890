import LaunchGate

/// What one poll of a link did.
public enum AppStorePollOutcome: Sendable, Hashable {
    /// Every storefront answered and the published policy already says what they serve.
    case unchanged
    /// A revision was published with what the store serves.
    case published(PlatformPolicy)
    /// Some or all storefronts failed, or answers were refused; what answered was applied.
    case failed([String])
    /// The change was refused by the publish guard or validation; nothing was published.
    case refused(String)
    /// Another publish came first (another instance's poll, or an operator); the next poll looks again.
    case raced

    /// The `result` label of `launchgate_appstore_polls_total`.
    public var metricLabel: String {
        switch self {
        case .unchanged: "unchanged"
        case .published: "published"
        case .failed: "error"
        case .refused: "refused"
        case .raced: "raced"
        }
    }
}
