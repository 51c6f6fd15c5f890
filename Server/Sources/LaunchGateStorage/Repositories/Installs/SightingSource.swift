/// Who sent a sighting, for the per-client quotas (``ClientQuotas``): a key derived from the
/// client's address, never the address, and how many clients' quotas it gets. Kept in memory
/// only; storage never writes it.
public struct SightingSource: Sendable, Hashable {
    /// A hash of the client's address (IPv6 per /64), seeded per process.
    public var key: UInt64
    /// How many clients' quotas it gets: 1, or the adoption settings' `proxyShare` for a trusted proxy
    /// that sent the request itself (it carries many clients).
    public var share: Int

    /// Creates a source.
    public init(key: UInt64, share: Int = 1) {
        self.key = key
        self.share = max(share, 1)
    }
}
