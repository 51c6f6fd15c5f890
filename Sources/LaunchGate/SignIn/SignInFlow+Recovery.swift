import Foundation

extension SignInFlow {
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
