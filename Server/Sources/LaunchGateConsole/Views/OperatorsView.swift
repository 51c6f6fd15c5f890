/// The operators page: who may sign in by emailed code, with add and remove.
struct OperatorsView: ConsoleView {
    struct Row: ConsoleView {
        let email: String
        let scope: String
        let created: String
        /// Whether it is the operator signed in now.
        let current: Bool
    }

    let operators: [Row]
    let notice: String?
    let scopes: [ConsoleOption]
    /// The add form's address as sent.
    let email: String
    let error: String?
    let emailError: String?
    let scopeError: String?

    init(operators: [OperatorRecord], currentID: String, notice: String?, form: ConsoleForm?, error: ConsoleFormError?) {
        self.operators = operators.map { Row(email: $0.email, scope: $0.scope.rawValue, created: ConsoleFigures.date($0.createdAt), current: $0.id == currentID) }
        self.notice = notice
        scopes = TokenScope.allCases.map { ConsoleOption(value: $0.rawValue, selected: $0.rawValue == (form?["scope"] ?? TokenScope.read.rawValue)) }
        email = form?.raw("email") ?? ""
        (self.error, emailError, scopeError) = (error?.message(for: nil), error?.message(for: .email), error?.message(for: .scope))
    }
}
