import Synchronization

/// What one network may take of ``InstallLimits/reservedGroups``, the room past a full group cap
/// for the versions the policies name: a ``networksToFill``th of it per app and platform
/// (20 groups of the default 1,000).
///
/// A group is a version, a build and an OS version, and only the version is named: a flood of
/// made-up builds or OS versions of a named version, each group within its client's and network's
/// quotas (``ClientQuotas``: 200 a day from one network by default), filled the reserve in five days
/// from one network, and the real build of the named release then found no room (issue 27, N8).
/// With a share, filling it takes ``networksToFill`` networks. A real network rarely takes any:
/// the reserve is only used once the cap is full, when most groups of the named versions are kept
/// already and a new one is a new build or OS version.
///
/// A sighting past its network's share is its client's refusal, as one past its quotas is: the
/// publish guard doesn't count it, so the flood doesn't make the named version look refused.
///
/// Kept in memory per process, like the quotas: a restart lets each network take its share
/// again, and each instance gives it a share of its own. A scope's table holds at most as many networks as its reserve has groups (each network
/// in it took one); past that, groups have aged out since and freed their room, and the table
/// starts over. A share spent by a recording whose write fails is not given back: it is small,
/// and spent only past a full cap.
public final class ReserveShares: Sendable {
    /// Networks it takes to fill the reserve, each taking its share.
    public static let networksToFill = 50

    private let taken = Mutex<[InstallBudget.Scope: [UInt64: Int]]>([:])

    /// An empty table.
    public init() {}

    /// The groups one network may take of a reserve of `reserve` groups: at least 1.
    public static func share(of reserve: Int) -> Int { max(1, reserve / networksToFill) }

    /// Whether `network` may start one more group in the reserve of `scope`; counts it if so.
    /// A sighting of no network (0: tests and tools) is not limited.
    /// - Parameters:
    ///   - reserve: The reserve's groups (``InstallLimits/reservedGroups``).
    ///   - clients: How many clients' shares the network gets: a trusted proxy carries many
    ///     (``SightingSource/share``), as it does for the quotas (review s11, V4).
    func admit(network: UInt64, in scope: InstallBudget.Scope, reserve: Int, clients: Int = 1) -> Bool {
        guard network != 0 else { return true }
        return taken.withLock { taken in
            var networks = taken[scope] ?? [:]
            if networks[network] == nil, networks.count >= max(reserve, 1) { networks = [:] }
            let count = networks[network, default: 0]
            guard count < Self.share(of: reserve) * max(clients, 1) else { return false }
            networks[network] = count + 1
            taken[scope] = networks
            return true
        }
    }
}
