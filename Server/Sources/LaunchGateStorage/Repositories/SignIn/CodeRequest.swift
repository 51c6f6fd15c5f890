import Foundation

/// Everything a send-code decides, handed to ``SignInRepository/requestCode(_:at:)`` so that one
/// transaction checks the lock, reports a failed delivery, charges the limits and stores the code
/// with its mail.
public struct CodeRequest: Sendable, Hashable {
    /// The new code; its app and address are the request's.
    public var code: SignInCodeRecord
    /// Its mail.
    public var mail: OutboxMessage
    /// Limits charged in this order; the first that refuses ends the request.
    public var charges: [RateLimitCharge]

    /// Creates a request.
    public init(code: SignInCodeRecord, mail: OutboxMessage, charges: [RateLimitCharge]) {
        self.code = code
        self.mail = mail
        self.charges = charges
    }
}
