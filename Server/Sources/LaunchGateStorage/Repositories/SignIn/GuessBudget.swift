import Foundation

/// The one hourly bound on guesses at an address from networks it doesn't know (``KnownNetworks``).
///
/// The bound used to hold per code: each network that asked for a code had its 5 tries, so all
/// networks together guessed an address 100 times an hour at their own codes (5 tries for each of
/// 20 sends) plus 25 at others' codes, 2 % an hour on a 4-digit code (issue 27, item 3, the
/// re-attack's F4). Now every guess from an unknown network counts under one key, ``limit`` in any
/// sliding ``window``, a guess at its own code included; and so that others' guesses never refuse
/// a code its own tries, a code's tries are reserved when it is issued:
/// - an unknown network's send is issued only while the guesses counted in the window, plus the
///   tries left on live codes of unknown networks (its own code aside, which the send replaces),
///   plus the new code's tries, fit in ``limit``;
/// - a guess from an unknown network without a live code of its own is compared with the
///   address's codes only while the guesses counted, plus the tries reserved, plus 1 fit.
///
/// A live code's tries are then always its own network's, and unknown networks together never
/// guess the address more than ``limit`` times in a window, on any code length. A verify is one
/// guess, whatever it is compared with: one from a network with a live code spends that code's
/// reserved try, counted when it misses, and may also be compared with other networks' codes
/// within its network's share, without a second count.
public struct GuessBudget: Sendable, Hashable {
    /// The key the guesses are counted under (one per app and address).
    public var key: String
    /// Guesses at the address in any sliding ``window`` from every network not known to it.
    public var limit: Int
    /// The window, in seconds.
    public var window: TimeInterval

    /// Creates a budget.
    public init(key: String, limit: Int, window: TimeInterval = 3600) {
        self.key = key
        self.limit = limit
        self.window = window
    }

    /// The tries held for live codes of unknown networks.
    struct Reservation: Equatable {
        /// Tries left on them.
        var tries = 0
        /// When the first of them expires, and its tries are free again; `nil` without any.
        var firstEnd: Date?
    }

    /// The tries left on the live codes among `codes` of networks not in `known`, `excluding`'s aside.
    func reservation(among codes: [SignInCodeRecord], known: Set<String>, maxAttempts: Int, excluding network: String?,
                     at now: Date) -> Reservation {
        codes.filter { $0.consumedAt == nil && now < $0.expiresAt && $0.attempts < maxAttempts }
            .filter { !known.contains($0.network) && $0.network != network }
            .reduce(into: Reservation()) { held, code in
                held.tries += maxAttempts - code.attempts
                held.firstEnd = min(held.firstEnd ?? code.expiresAt, code.expiresAt)
            }
    }

    /// How long until `tries` more fit beside the guesses counted and the tries reserved.
    /// - Parameter guesses: The times counted under ``key`` (any order; older ones are ignored).
    /// - Returns: `nil` when they fit now; otherwise the sooner of when enough guesses have left
    ///   the window and when the first reserved code dies (which frees its tries, and may be enough).
    func wait(toReserve tries: Int, guesses: [Date], reservation: Reservation, at now: Date) -> TimeInterval? {
        let room = limit - reservation.tries - tries
        let freed = reservation.firstEnd.map { max(0.001, $0.timeIntervalSince(now)) }
        guard room >= 0 else { return freed ?? window }
        guard let wait = RateLimitRule(limit: room + 1, window: window).wait(after: guesses, at: now) else { return nil }
        return min(wait, freed ?? wait)
    }

    /// The charge of a guess from an unknown network without a live code of its own: counted,
    /// and only while the guesses counted, the tries reserved and this one fit in ``limit``.
    func guess(beside reservation: Reservation) -> RateLimitCharge {
        RateLimitCharge(key: key, rules: [RateLimitRule(limit: limit, window: window),
                                          RateLimitRule(limit: limit - reservation.tries, window: window)])
    }

    /// The charge of a miss of an unknown network's own code: its try was reserved, so it fits
    /// (the rule keeps the key's ``limit`` newest times, what counting needs).
    var miss: RateLimitCharge { RateLimitCharge(key: key, rules: [RateLimitRule(limit: limit, window: window)]) }
}
