/// The sign-in page: an admin token, or an operator's address for an emailed code.
struct SignInView: ConsoleView {
    /// Why the token was refused.
    package var error: String? = nil
    /// The address as typed, kept when it is refused.
    package var email = ""
    /// Why the address was refused.
    package var emailError: String? = nil
}
