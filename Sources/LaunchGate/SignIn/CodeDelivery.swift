import Foundation

/// What the server said about a code it is sending: how to ask for it and how long to wait.
public struct CodeDelivery: Sendable, Hashable {
    /// The number of digits in the code (4 to 10, set per app on the server).
    public var codeLength: Int
    /// Seconds until the code stops working.
    public var expiresIn: TimeInterval
    /// Seconds before another code may be requested.
    public var resendAfter: TimeInterval
    /// The server's confirmation for the user; `nil` when it sent none.
    public var message: String?

    /// The code lengths the contract allows.
    public static let codeLengths = 4...10

    /// Creates a delivery.
    /// - Parameters:
    ///   - codeLength: The number of digits.
    ///   - expiresIn: Seconds until the code expires.
    ///   - resendAfter: Seconds before a resend.
    ///   - message: The server's confirmation.
    public init(codeLength: Int = 6, expiresIn: TimeInterval = 600, resendAfter: TimeInterval = 60, message: String? = nil) {
        self.codeLength = codeLength
        self.expiresIn = expiresIn
        self.resendAfter = resendAfter
        self.message = message
    }
}
