import Metrics
import NIOCore
import Synchronization

/// The server-wide cap on open connections, shared by every connection's ``ConnectionLimitHandler``.
///
/// Beyond the cap a new connection is closed at once rather than left waiting: an attacker
/// holding thousands of sockets must not make every later client queue behind them. Closed
/// connections are counted in `launchgate_connections_rejected_total`.
final class ConnectionLimit: Sendable {
    /// The most connections open at once.
    let maximum: Int
    private let open = Atomic<Int>(0)
    private let rejections = Atomic<Int>(0)
    private let rejected: Counter

    /// - Parameters:
    ///   - maximum: The most connections open at once.
    ///   - rejected: Counts the connections closed for being over the cap.
    init(maximum: Int, rejected: Counter = Counter(label: "launchgate_connections_rejected_total")) {
        self.maximum = maximum
        self.rejected = rejected
    }

    /// Connections open now.
    var count: Int { open.load(ordering: .relaxed) }
    /// Connections closed for being over the cap so far.
    var rejectedCount: Int { rejections.load(ordering: .relaxed) }

    /// Takes a place for a new connection, or counts it as rejected when none is left.
    func acquire() -> Bool {
        while true {
            let current = open.load(ordering: .relaxed)
            guard current < maximum else {
                rejected.increment()
                rejections.wrappingAdd(1, ordering: .relaxed)
                return false
            }
            if open.compareExchange(expected: current, desired: current + 1, ordering: .relaxed).exchanged { return true }
        }
    }

    /// Gives back a place taken by ``acquire()``.
    func release() { open.wrappingSubtract(1, ordering: .relaxed) }
}
