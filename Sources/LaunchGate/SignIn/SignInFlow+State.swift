import Foundation

extension SignInFlow {
    /// The step sign-in is at; ``SignInFlow/state`` holds it and a view renders it.
    public enum State: Sendable, Hashable {
        /// Asking for the address; ``SignInFlow/email`` holds what is typed so far.
        case enteringEmail
        /// Asking the server to send a code to the address.
        case sending(EmailAddress)
        /// Asking for the code that was sent; ``SignInFlow/code`` holds the digits typed so far.
        case enteringCode(CodeEntry)
        /// Asking the server whether the code is right.
        case verifying(CodeEntry)
        /// Signed in. Show a welcome first while ``SignInFlow/showsWelcome`` is `true`.
        case signedIn(SignInUser, isNewUser: Bool)
        /// A step failed. Show `message` (the server's own when it sent one) and offer `recovery`;
        /// ``SignInFlow/recover()`` takes it.
        case failed(message: String, recovery: Recovery)
    }

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

    /// The way out of a failure, which a view turns into its button.
    public enum Recovery: Sendable, Hashable {
        /// The address needs changing: back to the address, as typed.
        case editEmail
        /// The code was wrong or expired: back to the code step with the digits cleared, where a
        /// new code can be sent once the countdown allows.
        case enterCodeAgain
        /// Nothing to fix: back to the step that failed, to try again from `notBefore` on
        /// (the server's `Retry-After`), or at once when it is `nil`.
        case tryAgain(notBefore: Date?)
    }
}
