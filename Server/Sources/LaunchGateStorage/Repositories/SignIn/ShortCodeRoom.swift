import Foundation

/// An address's room for guessing at its short codes, per app: at most ``limit`` comparisons of a
/// guess from a network the address doesn't know (``KnownNetworks``) with a code of the app's
/// length, in any sliding ``window`` (issue 27, item 3, goal B).
///
/// Counted as comparisons, not verifies (review S2): every code at the address signs it in, so a
/// guess compared with k short codes has k chances and spends k. A short code's tries are paid in
/// full when it is issued (its network's send charges them), so no guess from elsewhere can take
/// them and its owner keeps them whatever others do; its own network's guesses then spend nothing
/// more. A dead code (no tries left) is compared with nothing and spends nothing.
///
/// Past the room a send from such a network is not refused: it is issued a long code, 3 digits
/// longer, whose tries and guesses aren't charged here. So nobody holds a first sign-in off by
/// spending the room (review S1), and the bound is one of probability: short codes are guessed at
/// most ``limit`` times in any hour, long ones 10^(long − short) times harder each (1,000 up to 7
/// digits; 100, 10 and 1 at 8, 9 and 10, since a long code has at most 10 digits). Only a client that can't take a
/// longer code (the seed's `/api/auth` paths) is refused past the room.
public struct ShortCodeRoom: Sendable, Hashable {
    /// The key the comparisons are counted under (one per app and address).
    public var key: String
    /// Comparisons at short codes in any sliding ``window``, from every network the address doesn't know.
    public var limit: Int
    /// The window, in seconds.
    public var window: TimeInterval

    /// Creates a room.
    public init(key: String, limit: Int, window: TimeInterval = 3600) {
        self.key = key
        self.limit = limit
        self.window = window
    }

    /// The charge of `count` comparisons, recorded only if all of them fit: the second rule lets
    /// one event through only while `count` do, and the first keeps the key's ``limit`` newest
    /// times, which counting needs. A `count` past ``limit`` never fits.
    public func charge(_ count: Int) -> RateLimitCharge {
        RateLimitCharge(key: key, rules: [RateLimitRule(limit: limit, window: window), RateLimitRule(limit: limit - count + 1, window: window)],
                        count: count)
    }
}
