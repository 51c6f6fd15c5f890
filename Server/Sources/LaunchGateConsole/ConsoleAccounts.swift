/// The services behind the console's account pages (users and sessions, mail, tokens,
/// operators) and its sign-in by emailed code: the same ones the admin API and the CLI use.
struct ConsoleAccounts: Sendable {
    /// App sign-in: users, their sessions, the outbox.
    let signIn: SignInService
    /// Operators' sign-in by emailed code.
    let operatorSignIn: OperatorSignIn
    /// Adds, lists and removes operators.
    let operators: OperatorService
    /// Creates admin tokens.
    let tokens: AdminTokens
}
