import Foundation

/// Which of an address's live codes a guess is compared with, and what that costs in its room for
/// short codes: one rule for every repository and for the console's operator sign-in, so that
/// they can't drift apart.
///
/// A guess is compared with at most ``CodeAttempt/comparedCodes`` codes of its length (the
/// address's live codes' cap, 4 by default), the newest: a network's own code first, on its own
/// tries, then the newest of the others up to that many in all. First sends (``CodeRoom``) let an
/// address hold one live code for each network that sent it one in the hour, so compared with
/// every live code, a guess had one chance for each network an attacker sent from: with n /24s,
/// 25 guesses an hour were 25 × n comparisons (attack s11, A2). Bounded, each guess has at most
/// this many chances, however many networks sent. The newest, because the code someone is typing
/// from another network was most likely asked for last; an older one still has its own network's tries.
package enum ComparedCodes {
    /// The newest `width` of `codes` (by creation, then network, so that every backend picks the
    /// same), newest first; none when `width` is 0 or less.
    package static func newest(_ codes: [SignInCodeRecord], width: Int) -> [SignInCodeRecord] {
        Array(codes.sorted { ($0.createdAt, $0.network) > ($1.createdAt, $1.network) }.prefix(max(0, width)))
    }

    /// The room's charge for comparing a guess with `codes`: one for each short code among them
    /// (``ShortCodeRoom``), or `nil` when there is no room or no short code.
    package static func roomCharge(for codes: [SignInCodeRecord], in room: ShortCodeRoom?) -> RateLimitCharge? {
        let short = codes.filter { !$0.isLong }.count
        return short > 0 ? room?.charge(short) : nil
    }
}
