import LaunchGateStorage

/// The operators page: who may sign in by emailed code, with add and remove.
struct OperatorsView: ConsoleView {
    package struct Row: ConsoleView {
        package let email: String
        package let scope: String
        package let created: String
        /// Whether it is the operator signed in now.
        package let current: Bool
    }

    package let operators: [Row]
    package let notice: String?
    package let scopes: [ConsoleOption]
    /// The add form's address as sent.
    package let email: String
    package let error: String?
    package let emailError: String?
    package let scopeError: String?

    package init(operators: [OperatorRecord], currentID: String, notice: String?, form: ConsoleForm?, error: ConsoleFormError?) {
        self.operators = operators.map { Row(email: $0.email, scope: $0.scope.rawValue, created: ConsoleFigures.date($0.createdAt), current: $0.id == currentID) }
        self.notice = notice
        scopes = TokenScope.allCases.map { ConsoleOption(value: $0.rawValue, selected: $0.rawValue == (form?["scope"] ?? TokenScope.read.rawValue)) }
        email = form?.raw("email") ?? ""
        (self.error, emailError, scopeError) = (error?.message(for: nil), error?.message(for: .email), error?.message(for: .scope))
    }
}
