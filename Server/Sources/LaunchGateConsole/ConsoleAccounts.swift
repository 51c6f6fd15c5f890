import LaunchGateSignIn

/// The services behind the console's account pages (users and sessions, mail, tokens,
/// operators) and its sign-in by emailed code: the same ones the admin API and the CLI use.
package struct ConsoleAccounts: Sendable {
    /// App sign-in: users, their sessions, the outbox.
    package let signIn: SignInService
    /// Operators' sign-in by emailed code.
    package let operatorSignIn: OperatorSignIn
    /// Adds, lists and removes operators.
    package let operators: OperatorService
    /// Creates admin tokens.
    package let tokens: AdminTokens

    /// Creates the value from its properties.
    package init(signIn: SignInService, operatorSignIn: OperatorSignIn, operators: OperatorService, tokens: AdminTokens) {
        self.signIn = signIn
        self.operatorSignIn = operatorSignIn
        self.operators = operators
        self.tokens = tokens
    }
}
