/// Who sent a sighting, for the per-client and per-network quotas (``ClientQuotas``): keys
/// derived from the client's address and its network, never the address, and how many clients'
/// quotas it gets. Kept in memory only; storage never writes it.
public struct SightingSource: Sendable, Hashable {
    /// A hash of the client's address (IPv6 per /64), seeded per process.
    public var key: UInt64
    /// A hash of the client's network (``ClientNetwork``: IPv4 /24, IPv6 /48), seeded per
    /// process, or 0 for none (tests and tools): a network's quotas bound what many addresses of
    /// one attacker add together.
    public var network: UInt64
    /// How many clients' quotas it gets: 1, or the adoption settings' `proxyShare` for a trusted proxy
    /// that sent the request itself (it carries many clients).
    public var share: Int

    /// Creates a source.
    public init(key: UInt64, network: UInt64 = 0, share: Int = 1) {
        self.key = key
        self.network = network
        self.share = max(share, 1)
    }
}
