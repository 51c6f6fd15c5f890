import Foundation

/// Everything a verify-code decides, handed to ``SignInRepository/attemptCode(_:at:)`` so that one
/// transaction checks the lock, charges the limits, claims a try, compares and signs in or counts
/// the failure.
public struct CodeAttempt: Sendable, Hashable {
    /// The app.
    public var appID: String
    /// The normalised address.
    public var email: String
    /// The network the verify comes from. When it has a live code of its own, a wrong guess
    /// spends a try of that code and nothing else; otherwise it spends ``charges``. Its failures
    /// and its lock are its own, at this address.
    public var network: String
    /// The HMAC of the digits typed, compared in constant time with the stored one.
    public var codeHash: String
    /// Limits charged in this order, the first that refuses ending the attempt, when the address
    /// has an unused, unexpired code (tried out or not) and ``network`` has no live one of its own
    /// (with tries left).
    /// Without any live code there is nothing to guess: the attempt is `wrong` at once and stores
    /// nothing, neither these charges nor a failure, so wrong codes sent to made-up addresses
    /// leave no row (issue 27, item 5). A network with a live code of its own spends that code's
    /// tries instead, so a cap that others fill can't refuse the one who asked.
    public var charges: [RateLimitCharge]
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
    public init(appID: String, email: String, network: String = "", codeHash: String, charges: [RateLimitCharge], maxAttempts: Int,
                lockoutThreshold: Int, lockout: TimeInterval, newUserID: String, grant: SessionGrant) {
        self.appID = appID
        self.email = email
        self.network = network
        self.codeHash = codeHash
        self.charges = charges
        self.maxAttempts = maxAttempts
        self.lockoutThreshold = lockoutThreshold
        self.lockout = lockout
        self.newUserID = newUserID
        self.grant = grant
    }
}
