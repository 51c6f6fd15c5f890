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
    /// then they give way before every served connection, or the one client that had asked
    /// before the crowd's requests were read would be the only connection left to close.
    ///
    /// A connection that has sent no request within ``firstRequestGrace`` is the likeliest junk,
    /// and gives way before any other, the oldest first (review s9b C1): ranked by its age like a
    /// served one, 1,800 networks each holding a connection that sends nothing outranked every
    /// client served after them, so the next arrival closed each such client after its answer.
    ///
    /// The limits, in docs/production.md ("Connections"): a client that connects while a churn
    /// goes on is newer than the churn's older connections, so once answered it is the next to
    /// go; and served connections older than a client's outrank it however seldom they ask.
    struct Standing {
        /// How long a connection with no request yet counts as a newcomer: a few round trips of
        /// a slow mobile network, TLS included.
        static let firstRequestGrace = TimeAmount.seconds(2)

        /// Where a connection idle between requests stands, by its requests.
        enum Kind {
            /// No request yet, and opened ``firstRequestGrace`` or longer ago.
            case silent
            /// A request has arrived on it.
            case served
            /// No request yet, and opened less than ``firstRequestGrace`` ago.
            case awaitingFirstRequest
        }

        let kind: Kind
        /// Time since it was admitted.
        let age: TimeAmount
        /// Time since bytes last arrived on it.
        let idle: TimeAmount
        /// Its number in the order of admission (``Connection/serial``), the last tie-breaker.
        let serial: Int

        /// Whether it is younger than ``firstRequestGrace`` and has had no request.
        var awaitingFirstRequest: Bool { kind == .awaitingFirstRequest }

        /// - Parameters:
        ///   - opened: When it was admitted.
        ///   - lastRead: When bytes last arrived on it.
        ///   - requested: Whether a request's head has arrived on it.
        ///   - now: The time of the choice.
        ///   - serial: Its number in the order of admission.
        init(opened: NIODeadline, lastRead: NIODeadline, requested: Bool, now: NIODeadline, serial: Int = 0) {
            (age, idle, self.serial) = (now - opened, now - lastRead, serial)
            kind = requested ? .served : age < Self.firstRequestGrace ? .awaitingFirstRequest : .silent
        }

        /// Whether it gives way before `other`.
        /// - Parameter newcomersCrowded: Whether more connections await their first request than
        ///   eviction spares, so that they give way before served connections instead of last.
        func givesWay(before other: Standing, newcomersCrowded: Bool = false) -> Bool {
            let (rank, otherRank) = (rank(newcomersCrowded: newcomersCrowded), other.rank(newcomersCrowded: newcomersCrowded))
            if rank != otherRank { return rank < otherRank }
            switch kind {
            case .silent:
                // The oldest first: the longest without a request; of two as old, the first admitted.
                if age != other.age { return age > other.age }
                if idle != other.idle { return idle > other.idle }
                return serial < other.serial
            case .awaitingFirstRequest:
                // The one that has waited longest for its request, the likeliest to send none.
                if age != other.age { return age > other.age }
                return serial < other.serial
            case .served:
                // The newest first; of two as old, the idler, then the last admitted.
                if age != other.age { return age < other.age }
                if idle != other.idle { return idle > other.idle }
                return serial > other.serial
            }
        }

        /// Its tier, lowest first to give way: silent, then (when crowded) newcomers, served,
        /// then (when few) newcomers.
        private func rank(newcomersCrowded: Bool) -> Int {
            switch kind {
            case .silent: 0
            case .awaitingFirstRequest: newcomersCrowded ? 1 : 3
            case .served: 2
            }
        }
    }
}
