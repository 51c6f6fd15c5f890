import Foundation

/// Everything a send-code decides, handed to ``SignInRepository/requestCode(_:at:)`` so that one
/// transaction checks the lock, reports a failed delivery, makes room for the code, charges the
/// limits and stores the code with its mail.
public struct CodeRequest: Sendable, Hashable {
    /// The new code; its app, address and network are the request's.
    public var code: SignInCodeRecord
    /// Its mail.
    public var mail: OutboxMessage
    /// Limits charged in this order; the first that refuses ends the request, and the ones charged
    /// before it are rolled back: a refused send spends nothing (attack s11, A7).
    public var charges: [RateLimitCharge]
    /// The address's own limits, charged after ``charges`` unless the network signed the address
    /// in within ``KnownNetworks/forgetAfter`` (a known network, which also skips
    /// ``liveCodesPerAddress``): strangers who spend them can't hold off a returning user. A
    /// network's first send in the hour skips both too: nor can they hold off a newcomer.
    public var addressCharges: [RateLimitCharge]
    /// Live codes (unused, unexpired, with tries left) an address holds at most, one per network.
    /// A send from a network that has none when the address holds this many takes the place of
    /// the oldest one past ``codeHold``, or is refused if none is that old.
    public var liveCodesPerAddress: Int
    /// Seconds a code can't be displaced by a send from another network: what its requester is
    /// sure to have to type it in (issue 27, item 3); by default the code's whole lifetime.
    public var codeHold: TimeInterval
    /// Tries a code allows: one that has had them all is no longer live, and takes no place.
    public var attemptsPerCode: Int
    /// The address's hour's room for short codes: a send from a network the address doesn't know
    /// pays its code's ``attemptsPerCode`` tries into it, after every other charge; `nil` for none.
    public var room: ShortCodeRoom?
    /// The code issued instead of ``code`` when the room can't hold its tries (3 digits longer),
    /// with its mail; `nil` where a client can't take a longer code, and the send is refused,
    /// spending none of the charges that passed.
    public var long: (code: SignInCodeRecord, mail: OutboxMessage)? {
        get { longCode.flatMap { code in longMail.map { (code, $0) } } }
        set { (longCode, longMail) = (newValue?.code, newValue?.mail) }
    }
    private var longCode: SignInCodeRecord?
    private var longMail: OutboxMessage?

    /// Creates a request.
    public init(code: SignInCodeRecord, mail: OutboxMessage, charges: [RateLimitCharge], addressCharges: [RateLimitCharge] = [],
                liveCodesPerAddress: Int = 4, codeHold: TimeInterval = 600, attemptsPerCode: Int = 5, room: ShortCodeRoom? = nil,
                long: (code: SignInCodeRecord, mail: OutboxMessage)? = nil) {
        self.code = code
        self.mail = mail
        self.charges = charges
        self.addressCharges = addressCharges
        self.liveCodesPerAddress = liveCodesPerAddress
        self.codeHold = codeHold
        self.attemptsPerCode = attemptsPerCode
        self.room = room
        (longCode, longMail) = (long?.code, long?.mail)
    }
}
