import Hummingbird
import HummingbirdCore
import Metrics
import NIOCore

/// The cap on open connections, as Hummingbird's `availableConnectionsDelegate`: at the cap the
/// server stops accepting, and new connections wait in the listen backlog until one closes
/// (past the backlog the kernel refuses them), rather than being accepted only to be dropped.
///
/// It counts open connections in `launchgate_connections_open` and each time the cap is reached
/// in `launchgate_connection_cap_reached_total`. Hummingbird calls it on the listening
/// channel's event loop only.
///
/// It also sets how many connections the listener accepts per read (``acceptsPerRead``). NIO's
/// default is 4, one read per event-loop turn, and a turn also answers every connection with
/// a request waiting: under load, with a few hundred connections opened at once (a client fleet
/// reconnecting, the soak's wrk), the server accepted about 15 a second while the turns grew
/// with each connection it served, so the rest waited in the backlog for many seconds, and with
/// them every new connection (an admin's publish, a health check).
struct ConnectionCap: AvailableConnectionsDelegate {
    /// The most connections open at once.
    let maximum: Int
    /// How many connections the listener accepts per read: a twentieth of the cap, from NIO's 4
    /// to 64. The cap is checked between reads, so a read that reaches it can take up to this
    /// many less one past it (at most 5 % of a cap of 80 or more; 3, as NIO's default did, under
    /// it); those are over the eviction mark, so each closes an idle connection (``ConnectionShares``).
    var acceptsPerRead: Int { max(4, min(64, maximum / 20)) }
    private var count = 0
    private let open = Gauge(label: "launchgate_connections_open")
    private let reached = Counter(label: "launchgate_connection_cap_reached_total")

    /// - Parameter maximum: The most connections open at once.
    init(maximum: Int) {
        self.maximum = maximum
    }

    mutating func connectionOpened() {
        count += 1
        open.record(count)
        if count == maximum { reached.increment() }
    }

    mutating func connectionClosed() {
        count -= 1
        open.record(count)
    }

    func isAcceptingNewConnections() -> Bool { count < maximum }

    /// Sets ``acceptsPerRead`` on the listening channel, once it is bound.
    /// - Throws: NIO's error when the channel is already closed.
    func configure(listener: any Channel) async throws {
        try await listener.setOption(ChannelOptions.maxMessagesPerRead, value: UInt(acceptsPerRead)).get()
    }
}
