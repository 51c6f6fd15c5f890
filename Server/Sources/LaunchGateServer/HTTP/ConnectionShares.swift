import LaunchGateHTTP
import LaunchGateStorage
import Logging
import Metrics
import NIOCore
import Synchronization

/// Each client address's and each network's share of the server's connections, shared by every
/// connection's ``ConnectionShareHandler``.
///
/// ``ConnectionCap`` alone let one address open every connection the server takes, and every
/// other client then waited in the listen backlog; a share per address alone let 10,050
/// addresses of one network, one connection each, do the same. Here a connection counts under
/// its peer's address (IPv4 per address, IPv6 per /64, as ``ClientAddressResolver/limitKey(peer:forwardedFor:)``
/// counts clients) and under its address's network (IPv4 /24, IPv6 /48: ``ClientNetwork``, as
/// sign-in counts networks), and:
/// - a connection past its address's share (``Limits/perClient``, or ``Limits/perProxy`` for a
///   peer inside `--trusted-proxy`, which carries many clients) or past its network's share
///   (``Limits/perNetwork``; a trusted proxy is a network of its own) is closed at once;
/// - once more than ``Limits/evictAbove`` connections are open (90 % of the cap), each new
///   connection closes one connection of the network holding the most over a fair share (or,
///   when no network does, of the address holding the most over its fair share): the idlest of
///   it between requests; and when the networks are as many as the mark, so that a fair share is
///   one connection, of all between requests one silent 2 s after opening, else the newest
///   served (``Standing``), so that a churn of reconnects closes its own. So connections from
///   many addresses or networks, each within its share, still can't fill the cap and keep
///   newcomers waiting in the backlog.
///
/// Eviction closes only a connection idle between requests: one with a request in flight (its
/// head arrived, its response not yet ended) is left alone, or a proxy's client would get a 502.
/// A fair share is the eviction mark split evenly among the networks (or addresses) holding
/// connections, and a trusted proxy, always the heaviest behind nginx, gives way only when no
/// other network or address can.
///
/// The tables hold an entry per address and per network with open connections, removed with its
/// last connection, so they are bounded by the cap. Choosing whom to evict scans them; that
/// happens only above the eviction mark (``ConnectionShares+Eviction.swift``).
final class ConnectionShares: Sendable {
    /// The shares, and when eviction starts.
    struct Limits: Sendable, Equatable {
        /// Connections one address may hold.
        var perClient: Int
        /// Connections the addresses of one network (IPv4 /24, IPv6 /48) may hold together.
        var perNetwork: Int
        /// Connections a trusted proxy's address may hold.
        var perProxy: Int
        /// Open connections past which each new one closes one (``ConnectionShares/evict(from:limits:sparing:now:)``):
        /// the cap less a tenth of it, so a small cap (under 10) never evicts.
        var evictAbove: Int
        /// Connections awaiting their first request that eviction spares while it can: half the
        /// room above the mark (at least 1). More than that at once is a crowd arriving, not a
        /// few newcomers a round trip from their requests (``Standing``).
        var sparedNewcomers: Int

        /// - Parameters:
        ///   - maximum: The server's cap (``ConnectionCap``).
        ///   - perClient: Connections one address may hold.
        ///   - perNetwork: Connections one network may hold; `nil` for the whole cap.
        ///   - perProxy: Connections a trusted proxy may hold; `nil` for the whole cap.
        init(maximum: Int, perClient: Int, perNetwork: Int? = nil, perProxy: Int? = nil) {
            self.perClient = perClient
            self.perNetwork = perNetwork ?? maximum
            self.perProxy = perProxy ?? maximum
            evictAbove = maximum - maximum / 10
            sparedNewcomers = max(1, maximum / 20)
        }
    }

    /// One open connection, as the table knows it.
    final class Connection: Sendable {
        let channel: any Channel
        /// The address it counts under.
        let key: String
        /// The network it counts under: its address's /24 or /48, or for a trusted proxy its address.
        let network: String
        /// Whether its peer is a trusted proxy, which eviction spares while it can.
        let isProxy: Bool
        /// When it was admitted: when every network holds its fair share, the newest gives way first.
        let opened: NIODeadline
        /// Its number in the order of admission, which breaks eviction's ties: of two admitted at
        /// the same instant, the later has the higher.
        let serial: Int
        /// Its handlers write this on its event loop, and eviction reads it from whichever loop
        /// admits a connection.
        let activity: Mutex<Activity>

        /// What eviction needs to know of a connection.
        struct Activity {
            /// When bytes last arrived on it.
            var lastRead: NIODeadline
            /// Requests whose head arrived and whose response has not ended.
            var inFlight = 0
            /// Whether a request's head has arrived on it yet.
            var requested = false
        }

        init(channel: any Channel, key: String, network: String, isProxy: Bool, now: NIODeadline, serial: Int) {
            (self.channel, self.key, self.network, self.isProxy, opened, self.serial) = (channel, key, network, isProxy, now, serial)
            activity = Mutex(Activity(lastRead: now))
        }

        /// Bytes arrived at `time`.
        func read(at time: NIODeadline) { activity.withLock { $0.lastRead = time } }
        /// A request's head arrived.
        func requestStarted() {
            activity.withLock {
                $0.inFlight += 1
                $0.requested = true
            }
        }
        /// A response ended.
        func requestEnded() { activity.withLock { $0.inFlight = max(0, $0.inFlight - 1) } }

        /// When it was last read from, or `nil` while a request is in flight.
        var idleSince: NIODeadline? {
            activity.withLock { $0.inFlight == 0 ? $0.lastRead : nil }
        }

        /// How readily it gives way at `now` when every network holds its fair share, or `nil`
        /// while a request is in flight.
        func standing(at now: NIODeadline) -> Standing? {
            activity.withLock { activity in
                guard activity.inFlight == 0 else { return nil }
                return Standing(opened: opened, lastRead: activity.lastRead, requested: activity.requested, now: now, serial: serial)
            }
        }
    }

    /// Whether a new connection may stay.
    enum Admission {
        case admitted(Connection)
        /// Its address, or its network, already holds its share.
        case refused
    }

    let limits: Limits
    let clients: ClientAddressResolver
    /// The time of reads and of eviction's comparisons; injected so tests can pin it.
    let now: @Sendable () -> NIODeadline
    private let logger: Logger
    private let table = Mutex(Table())
    private let refusedForClient = Counter(label: "launchgate_connections_refused_total", dimensions: [("reason", "client-share")])
    private let refusedForNetwork = Counter(label: "launchgate_connections_refused_total", dimensions: [("reason", "network-share")])
    private let evicted = Counter(label: "launchgate_connections_evicted_total")
    /// Connections open within their share: unlike ``ConnectionCap``'s count, which holds every
    /// accepted connection until its close is handled, refused ones never count here.
    private let admitted = Gauge(label: "launchgate_connections_admitted")
    /// How often refusals are logged at the most: a flood of them is one line per period.
    static let logPeriod = TimeAmount.seconds(10)

    /// The open connections by address and by network; each connection is in both.
    struct Table {
        var addresses: [String: [ObjectIdentifier: Connection]] = [:]
        var networks: [String: [ObjectIdentifier: Connection]] = [:]
        var open = 0
        /// Connections admitted so far: the last one's ``Connection/serial``.
        var admissions = 0
        var refusedSinceLog = 0
        var lastLog: NIODeadline?
    }

    /// - Parameters:
    ///   - limits: The shares.
    ///   - clients: Which peers are trusted proxies.
    ///   - logger: Where refusals are logged, one line per ``logPeriod`` at the most.
    ///   - now: The clock.
    init(limits: Limits, clients: ClientAddressResolver, logger: Logger, now: @escaping @Sendable () -> NIODeadline = { .now() }) {
        (self.limits, self.clients, self.logger, self.now) = (limits, clients, logger, now)
    }

    /// Counts a new connection under its peer's address and network, or refuses it; may close
    /// another connection to make room (see the type's summary). A peer with no IP address (a Unix
    /// socket) is not counted.
    func admit(_ channel: any Channel) -> Admission? {
        guard let address = channel.remoteAddress?.ipAddress else { return nil }
        let key = ClientAddressResolver.bucket(address)
        let isProxy = clients.trusts(address)
        // A proxy carries clients of every network, and its neighbours are no kin of it.
        let network = isProxy ? key : ClientNetwork.of(key)
        let share = isProxy ? limits.perProxy : limits.perClient
        let time = now()
        let (outcome, victim, log) = table.withLock { (table: inout Table) -> (Admission, Connection?, Refusal?) in
            let overClient = (table.addresses[key]?.count ?? 0) >= share
            guard !overClient, isProxy || (table.networks[network]?.count ?? 0) < limits.perNetwork else {
                let refusal = Refusal(byNetwork: !overClient, logged: nil)
                table.refusedSinceLog += 1
                guard table.lastLog.map({ time - $0 >= Self.logPeriod }) ?? true else { return (.refused, nil, refusal) }
                table.lastLog = time
                defer { table.refusedSinceLog = 0 }
                return (.refused, nil, Refusal(byNetwork: refusal.byNetwork, logged: table.refusedSinceLog))
            }
            table.admissions += 1
            let connection = Connection(channel: channel, key: key, network: network, isProxy: isProxy, now: time, serial: table.admissions)
            table.addresses[key, default: [:]][ObjectIdentifier(connection)] = connection
            table.networks[network, default: [:]][ObjectIdentifier(connection)] = connection
            table.open += 1
            let victim = table.open > limits.evictAbove ? Self.evict(from: &table, limits: limits, sparing: connection, now: time) : nil
            admitted.record(table.open)
            return (.admitted(connection), victim, nil)
        }
        if let log {
            (log.byNetwork ? refusedForNetwork : refusedForClient).increment()
            if let count = log.logged {
                logger.warning("closed connections over their address's or network's share", metadata: [
                    "client": "\(key)", "network": "\(network)", "share": "\(log.byNetwork ? limits.perNetwork : share)",
                    "closed_since_last_line": "\(count)",
                ])
            }
        }
        if let victim {
            evicted.increment()
            victim.channel.close(promise: nil)
        }
        return outcome
    }

    /// Why a connection was refused, and whether to log it now (with the refusals since the last line).
    private struct Refusal {
        var byNetwork: Bool
        var logged: Int?
    }

    /// Forgets a connection that closed (or that eviction closed, which forgot it already).
    func remove(_ connection: Connection) {
        table.withLock { (table: inout Table) in
            guard table.take(connection) else { return }
            admitted.record(table.open)
        }
    }

    /// Open connections, and the addresses they come from.
    var counts: (open: Int, addresses: Int) {
        table.withLock { ($0.open, $0.addresses.count) }
    }

    /// Networks with open connections.
    var networks: Int {
        table.withLock { $0.networks.count }
    }

    /// Connections open from `address`'s key.
    func open(from address: String) -> Int {
        table.withLock { $0.addresses[ClientAddressResolver.bucket(address)]?.count ?? 0 }
    }
}
