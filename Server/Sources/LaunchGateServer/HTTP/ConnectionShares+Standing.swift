import NIOCore

extension ConnectionShares {
    /// Which connection idle between requests gives way near the cap when no network holds more
    /// than its fair share (one connection each, every network tied as the heaviest).
    ///
    /// The idlest connection of all used to give way. Under 2,100 networks reconnecting as soon
    /// as they were closed and asking every 5 s, that was always the legitimate client asking
    /// every 20 s: it lost its connection 4 times in 9 requests, while each reconnect stayed.
    /// Idle time can't tell a quiet client that has held its connection for minutes from a
    /// reconnect that asked a moment ago, and weighing idle time by age still closed the client
    /// whenever no reconnect was idle at that instant, the rest of the crowd being as old as it
    /// and busier. So the newest connection gives way first (of two as old, the idler): a churn
    /// of reconnects closes its own, and a connection that has lived long gives way only when
    /// every newer one has a request in flight.
    ///
    /// A connection whose first request has not arrived within ``firstRequestGrace`` of its
    /// opening is a newcomer a round trip from its request, and as the newest it would be closed
    /// unserved by the next connection. Newcomers give way last, the one waiting longest first,
    /// while they are few (``Limits/sparedNewcomers``); more at once are a crowd arriving, and
    /// then they give way first, or the one client that had asked before the crowd's requests
    /// were read would be the only connection left to close.
    ///
    /// The limits, in docs/production.md ("Connections"): a client that connects while a churn
    /// goes on is newer than the churn's older connections, so once answered it is the next to
    /// go; connections older than a client's outrank it however seldom they ask, but one that
    /// sends nothing is closed by the idle timeout (`--idle-timeout`), and comes back the newest.
    struct Standing {
        /// How long a connection with no request yet counts as a newcomer: a few round trips of
        /// a slow mobile network, TLS included.
        static let firstRequestGrace = TimeAmount.seconds(2)

        /// Whether it is younger than ``firstRequestGrace`` and has had no request.
        let awaitingFirstRequest: Bool
        /// Time since it was admitted.
        let age: TimeAmount
        /// Time since bytes last arrived on it.
        let idle: TimeAmount

        /// - Parameters:
        ///   - opened: When it was admitted.
        ///   - lastRead: When bytes last arrived on it.
        ///   - requested: Whether a request's head has arrived on it.
        ///   - now: The time of the choice.
        init(opened: NIODeadline, lastRead: NIODeadline, requested: Bool, now: NIODeadline) {
            (age, idle) = (now - opened, now - lastRead)
            awaitingFirstRequest = !requested && age < Self.firstRequestGrace
        }

        /// Whether it gives way before `other`.
        /// - Parameter newcomersCrowded: Whether more connections await their first request than
        ///   eviction spares, so that they give way first instead of last.
        func givesWay(before other: Standing, newcomersCrowded: Bool = false) -> Bool {
            if awaitingFirstRequest != other.awaitingFirstRequest { return awaitingFirstRequest == newcomersCrowded }
            // Of newcomers, the one that has waited longest for its request, the likeliest to send none.
            if awaitingFirstRequest { return age > other.age }
            if age != other.age { return age < other.age }
            return idle > other.idle
        }
    }
}
