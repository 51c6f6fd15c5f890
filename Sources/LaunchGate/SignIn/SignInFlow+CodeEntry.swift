import Foundation

extension SignInFlow {
    /// The code step: where the code went, how long it is, and when another may be sent.
    public struct CodeEntry: Sendable, Hashable {
        /// The address the code was sent to, for "sent to ada@example.com".
        public var address: EmailAddress
        /// The number of digits; the server's `code_length`.
        public var codeLength: Int
        /// When ``SignInFlow/resend()`` is allowed, by the flow's clock.
        public var resendAllowedAt: Date
        /// When the code stops working, by the flow's clock.
        public var expiresAt: Date

        /// Creates a code step.
        /// - Parameters:
        ///   - address: Where the code went.
        ///   - codeLength: The number of digits.
        ///   - resendAllowedAt: When a resend is allowed.
        ///   - expiresAt: When the code expires.
        public init(address: EmailAddress, codeLength: Int, resendAllowedAt: Date, expiresAt: Date) {
            self.address = address
            self.codeLength = codeLength
            self.resendAllowedAt = resendAllowedAt
            self.expiresAt = expiresAt
        }
    }
}
