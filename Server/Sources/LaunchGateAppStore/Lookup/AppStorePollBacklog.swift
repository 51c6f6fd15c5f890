import LaunchGate

/// The storefronts a link's last poll didn't reach (its deadline came, or it stopped after
/// timeouts), so the next poll asks them first and a long link is covered over a few polls
/// rather than always stopping at the same storefront.
///
/// Kept in memory, per process: after a restart, or on another instance, a poll starts from the
/// link's order again, which costs nothing but the order.
public actor AppStorePollBacklog {
    private struct Key: Hashable {
        let app: String
        let platform: Platform
    }

    private var notReached: [Key: [String]] = [:]

    /// Creates an empty backlog.
    public init() {}

    /// The order to ask a link's storefronts in: those the last poll didn't reach first, then the rest in the link's order.
    public func order(app: String, platform: Platform, storefronts: [String]) -> [String] {
        let first = (notReached[Key(app: app, platform: platform)] ?? []).filter(storefronts.contains)
        return first + storefronts.filter { !first.contains($0) }
    }

    /// Remembers what a poll didn't reach (an empty list forgets the link).
    public func remember(app: String, platform: Platform, notReached storefronts: [String]) {
        notReached[Key(app: app, platform: platform)] = storefronts.isEmpty ? nil : storefronts
    }
}
