/// A field of a linked platform's policy that the operator set by hand and the poller leaves alone.
public enum AppStorePin: String, Sendable, Hashable, CaseIterable, Codable {
    /// `latest.version`: the operator announces releases themselves; the storefronts still follow the store.
    case latest
    /// `latest.notes`.
    case notes
    /// `updateURL`.
    case updateURL
    /// `latest.minimumOS`.
    case minimumOS
}
