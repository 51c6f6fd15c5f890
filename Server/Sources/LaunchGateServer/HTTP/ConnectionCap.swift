import Hummingbird
import HummingbirdCore
import Metrics

/// The cap on open connections, as Hummingbird's `availableConnectionsDelegate`: at the cap the
/// server stops accepting, and new connections wait in the listen backlog until one closes
/// (past the backlog the kernel refuses them), rather than being accepted only to be dropped.
///
/// It counts open connections in `launchgate_connections_open` and each time the cap is reached
/// in `launchgate_connection_cap_reached_total`. Hummingbird calls it on the listening
/// channel's event loop only.
struct ConnectionCap: AvailableConnectionsDelegate {
    /// The most connections open at once.
    let maximum: Int
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
}
