import Foundation

/// Keeps the last verified policy in a ``KeyValueStore``.
///
/// Only policies that passed signature and validation checks are saved, so what is loaded at
/// launch needs no signature check again. It is held to the reader's rules again, though: a rule
/// added in a later SDK (an update URL with user info, say) must also hold for an entry an older
/// one saved, which a 304 would otherwise keep serving. The entry is stored in a compact binary
/// form (see `CachedPolicy+Binary.swift`) because it is read on every launch, before the first frame.
@_spi(LaunchGateServer) public struct PolicyCache: Sendable {
    private let store: any KeyValueStore
    private let key: String

    /// Creates a cache.
    /// - Parameters:
    ///   - store: The store.
    ///   - keyPrefix: The prefix shared with the throttle's keys.
    public init(store: any KeyValueStore, keyPrefix: String = "launchgate") {
        self.store = store
        self.key = keyPrefix + ".policy"
    }

    /// The cached entry for a source, if any.
    /// - Parameter source: The policy URL now configured.
    /// - Returns: The entry, or `nil` when nothing (or something unreadable, another source's, or a
    ///   policy today's rules refuse) is stored. Without an entry the next fetch asks for the whole
    ///   document again, with no `If-None-Match`.
    public func load(for source: URL) -> CachedPolicy? {
        guard let data = store.data(forKey: key), let entry = try? CachedPolicy(binaryData: data, expectedSource: source),
              (try? entry.policy.validated(.reading)) != nil else { return nil }
        return entry
    }

    /// Replaces the cached entry.
    /// - Parameter entry: The new entry.
    /// - Throws: The store's error; the previous entry is kept.
    public func save(_ entry: CachedPolicy) throws {
        try store.set(entry.binaryData(), forKey: key)
    }
}
