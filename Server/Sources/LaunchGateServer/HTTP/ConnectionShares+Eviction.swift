import NIOCore

extension ConnectionShares.Table {
    /// Takes `connection` out of both tables, dropping an address or network with its last
    /// connection; `false` if it was not there (eviction took it already).
    mutating func take(_ connection: ConnectionShares.Connection) -> Bool {
        let id = ObjectIdentifier(connection)
        guard addresses[connection.key]?.removeValue(forKey: id) != nil else { return false }
        if addresses[connection.key]?.isEmpty == true { addresses[connection.key] = nil }
        networks[connection.network]?[id] = nil
        if networks[connection.network]?.isEmpty == true { networks[connection.network] = nil }
        open -= 1
        return true
    }
}

extension ConnectionShares {
    /// Takes one connection out of the tables to make room near the cap, or `nil` when none can
    /// give way. The group it comes from is, in order: a network holding more than its fair share
    /// (the eviction mark split among the networks with connections), else an address holding
    /// more than its fair share (the mark split among the addresses); the heaviest first, and
    /// trusted proxies only after every other group. Within the group it is the connection idle
    /// longest between requests; of those idle as long, one of the address holding the most.
    /// When there are as many networks as the mark, so that each one's fair share is a single
    /// connection, one between requests of all gives way, as ``Standing`` orders them.
    static func evict(from table: inout Table, limits: Limits, sparing new: Connection, now: NIODeadline) -> Connection? {
        // One connection per network, and per address, is every client's due, whatever the split.
        let fairPerNetwork = max(1, limits.evictAbove / max(1, table.networks.count))
        let fairPerAddress = max(1, limits.evictAbove / max(1, table.addresses.count))
        let heavyNetworks = table.networks.values.filter { $0.count > fairPerNetwork }.map { Group(connections: $0, byNetwork: true) }
        let heavyAddresses = table.addresses.values.filter { $0.count > fairPerAddress }.map { Group(connections: $0, byNetwork: false) }
        let addresses = table.addresses
        for group in (heavyNetworks + heavyAddresses).sorted(by: { $0.order < $1.order }) {
            let idle = group.connections.values.lazy.filter { $0 !== new }.compactMap { connection in
                connection.idleSince.map { (connection, since: $0, held: addresses[connection.key]?.count ?? 0, serial: connection.serial) }
            }
            // Of those idle as long and as heavy, the first admitted: a tie never falls to dictionary order.
            guard let (idlest, _, _, _) = idle.min(by: { ($0.since, -$0.held, $0.serial) < ($1.since, -$1.held, $1.serial) }) else { continue }
            _ = table.take(idlest)
            return idlest
        }
        // With as many networks as the mark, the fair share is one connection and no group is
        // over it: 2,000 networks holding one each (a botnet, or one IPv6 /37) filled the cap and
        // newcomers waited in the backlog. Then a connection between requests of all gives way,
        // proxies last, as ``Standing`` orders them: one silent past its grace, else the newest
        // served, so that a churn of reconnects closes its own connections, not a quiet client's old one.
        guard fairPerNetwork == 1 else { return nil }
        // Read once: each standing takes its connection's lock, and two reads could disagree.
        let candidates = table.addresses.values.flatMap(\.values).filter { $0 !== new }.compactMap { connection in
            connection.standing(at: now).map { (connection: connection, standing: $0) }
        }
        let crowded = candidates.filter(\.standing.awaitingFirstRequest).count > limits.sparedNewcomers
        let victim = candidates.min { first, second in
            guard first.connection.isProxy == second.connection.isProxy else { return second.connection.isProxy }
            return first.standing.givesWay(before: second.standing, newcomersCrowded: crowded)
        }
        guard let victim else { return nil }
        _ = table.take(victim.connection)
        return victim.connection
    }

    /// A network's or an address's connections, as eviction weighs them.
    private struct Group {
        let connections: [ObjectIdentifier: Connection]
        let byNetwork: Bool

        /// Proxies last, networks before addresses, the heaviest first; of groups as heavy, the
        /// one holding the first admitted connection.
        var order: (Int, Int, Int, Int) {
            (connections.values.contains { $0.isProxy } ? 1 : 0, byNetwork ? 0 : 1, -connections.count,
             connections.values.lazy.map(\.serial).min() ?? 0)
        }
    }
}
