import Foundation

/// Everything a verify-code decides, handed to ``SignInRepository/attemptCode(_:at:)`` so that one
/// transaction checks the lock, charges the limits, claims a try, compares and signs in or counts
/// the failure.
public struct CodeAttempt: Sendable, Hashable {
    /// The app.
    public var appID: String
    /// The normalised address.
    public var email: String
    /// The network the verify comes from. When it has a live code of its own of the guess's
    /// length, the guess is compared with that code on a try of it and nothing else; only a guess
    /// that misses it, and passes ``charges``, is compared with other networks' codes. A code of
    /// the other length is not its own for the guess: no try of it is spent (attack s11, A6). Its
    /// failures and its lock are its own, at this address.
    public var network: String
    /// The HMAC of the digits typed, compared in constant time with the stored one.
    public var codeHash: String
    /// Limits charged in this order, all or none (the first that refuses ends the charging and
    /// undoes the ones before it, attack s12, B6), before a guess is
    /// compared with codes other than the network's own (when the address has a live code of the
    /// guess's length). From a network without a live code of its own a refusal
    /// is the answer (`rateLimited`); from one with a code, whose own code the guess missed, it is
    /// `wrong`, the answer a miss gets, and the guess is compared with nothing more: so no code is
    /// guessed more than these charges allow from networks other than its own, and a network that
    /// asked is never refused its own code by a cap others fill. With no other network's live
    /// code nothing is charged (there is nothing more to compare with).
    /// When the guess would be compared with no code (no live one of its length, its network's
    /// own included), there is nothing to guess: the attempt is `wrong` at once and stores
    /// nothing, neither these charges, nor a try, nor a failure, so wrong codes sent to made-up
    /// addresses leave no row (issue 27, item 5), and guesses at dead codes, or of the wrong
    /// length, spend nothing (review s9b, K4; attack s11, A6).
    public var charges: [RateLimitCharge]
    /// The address's own limits on guesses at other networks' codes, charged after ``charges``
    /// (and as they are) unless the network is known to the address (``KnownNetworks``).
    public var addressCharges: [RateLimitCharge]
    /// The address's hour's room for short codes (``ShortCodeRoom``): a guess from a network the
    /// address doesn't know is compared with other networks' short codes only when all of them fit
    /// in it, after ``charges``, and each is charged; `nil` for none. A guess the room refuses with
    /// no long code left to compare spends nothing of ``charges`` and ``addressCharges`` either
    /// (attack s11, A4): from a network without a code of its own it is `rateLimited`, from one
    /// with a code `wrong` after its own code's try.
    public var room: ShortCodeRoom?
    /// Whether the digits have the app's length (compared with short codes) and whether they have
    /// a long code's (compared with long codes): at 10 digits both, otherwise one.
    public var lengths: (short: Bool, long: Bool) {
        get { (shortGuess, longGuess) }
        set { (shortGuess, longGuess) = newValue }
    }
    private var shortGuess = true
    private var longGuess = false
    /// Codes of its length a guess is compared with at most, the newest (``ComparedCodes``): its
    /// network's own first, then others' up to this many in all. The address's live codes' cap
    /// (``CodeRequest/liveCodesPerAddress``), which first sends can take an address past.
    public var comparedCodes: Int
    /// Tries a code allows.
    public var maxAttempts: Int
    /// Failures in a row that lock the address, and for how long.
    public var lockoutThreshold: Int
    /// Seconds a lock lasts.
    public var lockout: TimeInterval
    /// The ID a new user gets.
    public var newUserID: String
    /// The session to store when the code is right.
    public var grant: SessionGrant

    /// Creates an attempt.
    public init(appID: String, email: String, network: String, codeHash: String, charges: [RateLimitCharge],
                addressCharges: [RateLimitCharge] = [], room: ShortCodeRoom? = nil, lengths: (short: Bool, long: Bool) = (true, false),
                comparedCodes: Int = 4, maxAttempts: Int, lockoutThreshold: Int, lockout: TimeInterval, newUserID: String, grant: SessionGrant) {
        self.appID = appID
        self.email = email
        self.network = network
        self.codeHash = codeHash
        self.charges = charges
        self.addressCharges = addressCharges
        self.room = room
        (shortGuess, longGuess) = lengths
        self.comparedCodes = comparedCodes
        self.maxAttempts = maxAttempts
        self.lockoutThreshold = lockoutThreshold
        self.lockout = lockout
        self.newUserID = newUserID
        self.grant = grant
    }

    /// Whether a guess of these digits can be compared with `code`: only codes of its length.
    func compares(_ code: SignInCodeRecord) -> Bool { code.isLong ? longGuess : shortGuess }
}
