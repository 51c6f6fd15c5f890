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
}
