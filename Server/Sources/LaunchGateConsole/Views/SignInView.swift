/// The sign-in page: an admin token, or an operator's address for an emailed code.
struct SignInView: ConsoleView {
    /// Why the token was refused.
    var error: String? = nil
    /// The address as typed, kept when it is refused.
    var email = ""
    /// Why the address was refused.
    var emailError: String? = nil
}
