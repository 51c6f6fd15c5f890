import Foundation
import LaunchGateStorage

/// Sign-in's lifetimes and limits. Every one is configurable (`serve --sign-in-…`); the defaults
/// are those of docs/sign-in.md.
public struct SignInConfiguration: Sendable, Hashable {
    /// Seconds a code works after it is sent.
    public var codeLifetime: TimeInterval
    /// Verifies one code takes, right or wrong, before it is dead.
    public var attemptsPerCode: Int
    /// Verifies of one address in any sliding hour from networks without a live code of their own
    /// there, all together (a network with one spends its code's tries instead).
    public var guessesPerHour: Int
    /// Verifies of one address from one network (``SignInNetwork``) without a live code of its
    /// own there, in any sliding hour: one network spends at most this share of ``guessesPerHour``.
    public var networkGuessesPerHour: Int
    /// Live codes an address holds at most, one per network that asked (issue 27, item 3), past
    /// which only a network's first send in the hour is issued one (``CodeRequest``).
    public var liveCodesPerAddress: Int
    /// Seconds a code can't be displaced by a send from another network when the address holds
    /// ``liveCodesPerAddress`` live codes: what its requester is sure to have to type it in; `nil`
    /// (the default) is the code's whole lifetime, so a full address refuses further networks
    /// until a code dies and never takes a live one. Never more than ``codeLifetime``, nor less
    /// than ``shortestHold`` (or the lifetime, if shorter).
    public var codeHold: TimeInterval?
    /// ``codeHold`` as it applies: the code's lifetime when unset, never longer, and never shorter
    /// than ``shortestHold`` (or the lifetime): a shorter hold let other networks' sends end a
    /// person's code before the 5 minutes issue 27 promises them to type it in (attack s11, A5; s12, B3).
    public var heldFor: TimeInterval { max(min(codeHold ?? codeLifetime, codeLifetime), min(Self.shortestHold, codeLifetime)) }
    /// The shortest hold, in seconds: the 5 minutes a person has to type a code in.
    public static let shortestHold: TimeInterval = 300
    /// Failed verifies in a row that lock an address.
    public var lockoutFailures: Int
    /// Seconds an address stays locked.
    public var lockoutDuration: TimeInterval
    /// Seconds between two sends to one address from one network.
    public var resendInterval: TimeInterval
    /// Sends to one address from one network in any sliding hour.
    public var networkSendsPerHour: Int
    /// Sends to one address in any sliding hour, from every network, not counting each network's
    /// first, which is never refused (``CodeRequest``): what mail one address gets beyond one per network.
    public var sendsPerHour: Int
    /// The window of the per-client caps, in seconds.
    public var clientWindow: TimeInterval
    /// Sends from one client address per window; 0 turns the cap off (benchmarks).
    public var clientSends: Int
    /// Verifies from one client address per window; 0 turns the cap off.
    public var clientVerifies: Int
    /// Sends from one network (``SignInNetwork``) to all of an app's addresses in an hour, per
    /// instance; 0 turns the cap off (benchmarks).
    public var appNetworkSendsPerHour: Int
    /// Sign-in mail queued for one app in an hour, per instance; 0 turns the cap off.
    public var appMailPerHour: Int
    /// Seconds a session works after sign-in.
    public var sessionLifetime: TimeInterval
    /// Console code requests whose operator lookup and mail may wait at once; more are dropped
    /// (and counted) with the same answer, so a flood of sends to strangers costs bounded work.
    public var operatorSendBacklog: Int
    /// Seconds between two sweeps of what sign-in no longer needs (``SignInSweeper``); the first
    /// comes this long after start-up.
    public var sweepInterval: TimeInterval
    /// Whether the clients of the seed's `/api/auth` paths take a code 3 digits longer than the
    /// app's (``longCodeLength(_:)``). Off by default: the original clients have a field of the
    /// app's length, so a send there past the address's room (``ShortCodeRoom``) is refused, and
    /// a few networks' sends can hold off a first sign-in from a new network (attack s11, A3). An
    /// operator whose clients in the field take the longer code turns it on, and the seed's paths
    /// then issue one past the room, as the `/v1` paths do.
    public var seedPathsTakeLongCodes: Bool

    /// Creates a configuration.
    public init(codeLifetime: TimeInterval = 600, attemptsPerCode: Int = 5, guessesPerHour: Int = 25, networkGuessesPerHour: Int = 5,
                liveCodesPerAddress: Int = 4, codeHold: TimeInterval? = nil,
                lockoutFailures: Int = 100, lockoutDuration: TimeInterval = 3600, resendInterval: TimeInterval = 60,
                networkSendsPerHour: Int = 3, sendsPerHour: Int = 20,
                clientWindow: TimeInterval = 300, clientSends: Int = 30, clientVerifies: Int = 100,
                appNetworkSendsPerHour: Int = 100, appMailPerHour: Int = 2_000,
                sessionLifetime: TimeInterval = 30 * 86_400, operatorSendBacklog: Int = 32,
                sweepInterval: TimeInterval = 600, seedPathsTakeLongCodes: Bool = false) {
        self.codeLifetime = codeLifetime
        self.attemptsPerCode = attemptsPerCode
        self.guessesPerHour = guessesPerHour
        self.networkGuessesPerHour = networkGuessesPerHour
        self.liveCodesPerAddress = liveCodesPerAddress
        self.codeHold = codeHold
        self.lockoutFailures = lockoutFailures
        self.lockoutDuration = lockoutDuration
        self.resendInterval = resendInterval
        self.networkSendsPerHour = networkSendsPerHour
        self.sendsPerHour = sendsPerHour
        self.clientWindow = clientWindow
        self.clientSends = clientSends
        self.clientVerifies = clientVerifies
        self.appNetworkSendsPerHour = appNetworkSendsPerHour
        self.appMailPerHour = appMailPerHour
        self.sessionLifetime = sessionLifetime
        self.operatorSendBacklog = operatorSendBacklog
        self.sweepInterval = sweepInterval
        self.seedPathsTakeLongCodes = seedPathsTakeLongCodes
    }

    /// The charge of a send to an address from a client's network: its share of the address's
    /// sends, which every network has, known to the address or not (``KnownNetworks``).
    func networkSendCharge(app: String, email: String, client: String) -> RateLimitCharge {
        RateLimitCharge(key: Self.networkSendKey(app: app, email: email, network: SignInNetwork.of(client)),
                        rules: [RateLimitRule(limit: 1, window: resendInterval), RateLimitRule(limit: networkSendsPerHour, window: 3600)])
    }

    /// The address's cap on sends, from every network but those known to it, charged after the
    /// network's share: a network past its share spends nothing of the address's.
    func addressSendCharge(app: String, email: String) -> RateLimitCharge {
        RateLimitCharge(key: Self.sendKey(app: app, email: email), rules: [RateLimitRule(limit: sendsPerHour, window: 3600)])
    }

    /// The charge of a guess at an address's codes, other than its own network's, from a client's
    /// network: its network's share, which every network has, known to the address or not.
    func networkGuessCharge(app: String, email: String, client: String) -> RateLimitCharge {
        RateLimitCharge(key: Self.networkGuessKey(app: app, email: email, network: SignInNetwork.of(client)), rules: [RateLimitRule(limit: networkGuessesPerHour, window: 3600)])
    }

    /// The address's cap on guesses at other networks' codes, from every network but those known
    /// to it, charged after the network's share.
    func addressGuessCharge(app: String, email: String) -> RateLimitCharge {
        RateLimitCharge(key: "guess|\(app)|\(email)", rules: [RateLimitRule(limit: guessesPerHour, window: 3600)])
    }

    /// The address's room for short codes (``ShortCodeRoom``), as many comparisons as the
    /// address's cap on guesses at other networks' codes. Its window is the hour plus a code's
    /// lifetime (review s9b, K2): a short code's tries are paid when it is sent but spent at any
    /// time in its life, so only payments held for that long bound the comparisons in any hour.
    func shortCodeRoom(app: String, email: String) -> ShortCodeRoom {
        ShortCodeRoom(key: "room|\(app)|\(email)", limit: guessesPerHour, window: roomWindow)
    }

    /// The short-code room's window: an hour and a code's lifetime.
    var roomWindow: TimeInterval { 3600 + codeLifetime }

    /// The digits of a long code for an app whose codes have `length` (``ShortCodeRoom``): 3 more, at most 10.
    static func longCodeLength(_ length: Int) -> Int { min(length + 3, SignInSettings.codeLengths.upperBound) }

    /// The key a network's sends to an address are charged under.
    static func networkSendKey(app: String, email: String, network: String) -> String { "send-net|\(app)|\(email)|\(network)" }

    /// A code request for a code and its mail with these limits.
    func request(_ code: SignInCodeRecord, mail: OutboxMessage, charges: [RateLimitCharge], addressCharges: [RateLimitCharge],
                 room: ShortCodeRoom? = nil, long: (code: SignInCodeRecord, mail: OutboxMessage)? = nil) -> CodeRequest {
        CodeRequest(code: code, mail: mail, charges: charges, addressCharges: addressCharges, liveCodesPerAddress: liveCodesPerAddress,
                    codeHold: heldFor, attemptsPerCode: attemptsPerCode, room: room, long: long)
    }

    /// The key a network's guesses at an address's codes are charged under.
    static func networkGuessKey(app: String, email: String, network: String) -> String { "guess-net|\(app)|\(email)|\(network)" }

    /// The key every send to an address is charged under, whatever its network.
    static func sendKey(app: String, email: String) -> String { "send|\(app)|\(email)" }

    /// The longest window any rule looks back over; older events can be deleted.
    var longestWindow: TimeInterval { max(roomWindow, resendInterval, clientWindow) }
}
