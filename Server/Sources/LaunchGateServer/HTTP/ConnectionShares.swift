import LaunchGateHTTP
import Logging
import Metrics
import NIOCore
import Synchronization

/// Each client address's share of the server's connections, shared by every connection's
/// ``ConnectionShareHandler``.
///
/// ``ConnectionCap`` alone let one address open every connection the server takes, and every
/// other client then waited in the listen backlog. Here a connection counts under its peer's
/// address (IPv4 per address, IPv6 per /64, as ``ClientAddressResolver/limitKey(peer:forwardedFor:)``
/// counts clients), and:
/// - a connection past its address's share is closed at once: ``Limits/perClient``, or
///   ``Limits/perProxy`` for a peer inside `--trusted-proxy`, which carries many clients;
/// - once more than ``Limits/evictAbove`` connections are open (90 % of the cap), each new
///   connection closes the longest-idle connection of the address that holds the most, so
///   connections from many addresses, each within its share, still can't fill the cap and keep
///   newcomers waiting in the backlog.
///
/// Eviction closes only a connection idle between requests: one with a request in flight (its
/// head arrived, its response not yet ended) is left alone, or a proxy's client would get a 502.
/// It takes from an address only while that address holds more than a fair share (the eviction
/// mark split evenly among the addresses holding connections), and from a trusted proxy, which
/// is always the heaviest behind nginx, only when no other address can give way.
///
/// The table holds an entry per address with open connections, removed with its last
/// connection, so it is bounded by the cap. Choosing whom to evict scans the table; that
/// happens only above the eviction mark.
final class ConnectionShares: Sendable {
    /// The shares, and when eviction starts.
    struct Limits: Sendable, Equatable {
        /// Connections one address may hold.
        var perClient: Int
        /// Connections a trusted proxy's address may hold.
        var perProxy: Int
        /// Open connections past which each new one closes the heaviest address's longest-idle one:
        /// the cap less a tenth of it, so a small cap (under 10) never evicts.
        var evictAbove: Int

        /// - Parameters:
        ///   - maximum: The server's cap (``ConnectionCap``).
        ///   - perClient: Connections one address may hold.
        ///   - perProxy: Connections a trusted proxy may hold; `nil` for the whole cap.
        init(maximum: Int, perClient: Int, perProxy: Int? = nil) {
            self.perClient = perClient
            self.perProxy = perProxy ?? maximum
            evictAbove = maximum - maximum / 10
        }
    }

    /// One open connection, as the table knows it.
    final class Connection: Sendable {
        let channel: any Channel
        /// The address it counts under.
        let key: String
        /// Whether its peer is a trusted proxy, which eviction spares while it can.
        let isProxy: Bool
        /// Its handlers write this on its event loop, and eviction reads it from whichever loop
        /// admits a connection.
        let activity: Mutex<Activity>

        /// What eviction needs to know of a connection.
        struct Activity {
            /// When bytes last arrived on it.
            var lastRead: NIODeadline
            /// Requests whose head arrived and whose response has not ended.
            var inFlight = 0
        }

        init(channel: any Channel, key: String, isProxy: Bool, now: NIODeadline) {
            (self.channel, self.key, self.isProxy) = (channel, key, isProxy)
            activity = Mutex(Activity(lastRead: now))
        }

        /// Bytes arrived at `time`.
        func read(at time: NIODeadline) { activity.withLock { $0.lastRead = time } }
        /// A request's head arrived.
        func requestStarted() { activity.withLock { $0.inFlight += 1 } }
        /// A response ended.
        func requestEnded() { activity.withLock { $0.inFlight = max(0, $0.inFlight - 1) } }

        /// When it was last read from, or `nil` while a request is in flight.
        var idleSince: NIODeadline? {
            activity.withLock { $0.inFlight == 0 ? $0.lastRead : nil }
        }
    }

    /// Whether a new connection may stay.
    enum Admission {
        case admitted(Connection)
        /// Its address already holds its share.
        case refused
    }

    let limits: Limits
    let clients: ClientAddressResolver
    /// The time of reads and of eviction's comparisons; injected so tests can pin it.
    let now: @Sendable () -> NIODeadline
    private let logger: Logger
    private let table = Mutex(Table())
    private let refused = Counter(label: "launchgate_connections_refused_total", dimensions: [("reason", "client-share")])
    private let evicted = Counter(label: "launchgate_connections_evicted_total")
    /// Connections open within their share: unlike ``ConnectionCap``'s count, which holds every
    /// accepted connection until its close is handled, refused ones never count here.
    private let admitted = Gauge(label: "launchgate_connections_admitted")
    /// How often refusals are logged at the most: a flood of them is one line per period.
    static let logPeriod = TimeAmount.seconds(10)

    private struct Table {
        var addresses: [String: [ObjectIdentifier: Connection]] = [:]
        var open = 0
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

    /// Counts a new connection under its peer's address, or refuses it; may close another
    /// connection to make room (see the type's summary). A peer with no IP address (a Unix
    /// socket) is not counted.
    func admit(_ channel: any Channel) -> Admission? {
        guard let address = channel.remoteAddress?.ipAddress else { return nil }
        let key = ClientAddressResolver.bucket(address)
        let isProxy = clients.trusts(address)
        let share = isProxy ? limits.perProxy : limits.perClient
        let time = now()
        let connection = Connection(channel: channel, key: key, isProxy: isProxy, now: time)
        let (outcome, victim, log) = table.withLock { (table: inout Table) -> (Admission, Connection?, Int?) in
            let held = table.addresses[key]?.count ?? 0
            guard held < share else {
                table.refusedSinceLog += 1
                guard table.lastLog.map({ time - $0 >= Self.logPeriod }) ?? true else { return (.refused, nil, nil) }
                table.lastLog = time
                defer { table.refusedSinceLog = 0 }
                return (.refused, nil, table.refusedSinceLog)
            }
            table.addresses[key, default: [:]][ObjectIdentifier(connection)] = connection
            table.open += 1
            let victim = table.open > limits.evictAbove ? Self.evict(from: &table, limits: limits, sparing: connection) : nil
            admitted.record(table.open)
            return (.admitted(connection), victim, nil)
        }
        if case .refused = outcome { refused.increment() }
        if let log {
            logger.warning("closed connections over their address's share", metadata: [
                "client": "\(key)", "share": "\(share)", "closed_since_last_line": "\(log)",
            ])
        }
        if let victim {
            evicted.increment()
            victim.channel.close(promise: nil)
        }
        return outcome
    }

    /// Forgets a connection that closed (or that eviction closed, which forgot it already).
    func remove(_ connection: Connection) {
        table.withLock { (table: inout Table) in
            guard table.addresses[connection.key]?.removeValue(forKey: ObjectIdentifier(connection)) != nil else { return }
            table.open -= 1
            if table.addresses[connection.key]?.isEmpty == true { table.addresses[connection.key] = nil }
            admitted.record(table.open)
        }
    }

    /// Open connections, and the addresses they come from.
    var counts: (open: Int, addresses: Int) {
        table.withLock { ($0.open, $0.addresses.count) }
    }

    /// Connections open from `address`'s key.
    func open(from address: String) -> Int {
        table.withLock { $0.addresses[ClientAddressResolver.bucket(address)]?.count ?? 0 }
    }

    /// Takes the longest-idle connection, of those between requests, out of the table: from the
    /// heaviest address holding more than its fair share that has one, other addresses before
    /// trusted proxies. `nil` when none can give way.
    private static func evict(from table: inout Table, limits: Limits, sparing new: Connection) -> Connection? {
        // One connection per address is every client's due, whatever the split.
        let fair = max(1, limits.evictAbove / max(1, table.addresses.count))
        let heavy = table.addresses.filter { $0.value.count > fair }
            .map { (key: $0.key, connections: $0.value, isProxy: $0.value.values.contains { $0.isProxy }) }
            .sorted { ($0.isProxy ? 1 : 0, -$0.connections.count) < ($1.isProxy ? 1 : 0, -$1.connections.count) }
        for address in heavy {
            let idle = address.connections.values.lazy.filter { $0 !== new }.compactMap { connection in
                connection.idleSince.map { (connection, since: $0) }
            }
            guard let (idlest, _) = idle.min(by: { $0.since < $1.since }) else { continue }
            table.addresses[address.key]?[ObjectIdentifier(idlest)] = nil
            table.open -= 1
            return idlest
        }
        return nil
    }
}
