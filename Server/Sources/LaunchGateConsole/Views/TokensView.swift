import LaunchGateStorage

/// The tokens page: every admin token (never its secret) with create and revoke; after a create,
/// the new token's secret, shown this once.
struct TokensView: ConsoleView {
    package struct Row: ConsoleView {
        package let id: String
        package let name: String
        package let scope: String
        package let created: String
        package let lastUsed: String
        package let revoked: String
        package let active: Bool
        /// Whether it is the token this session signed in with.
        package let current: Bool

        package init(_ token: TokenRecord, current: Bool) {
            (id, name, scope, created) = (token.id, token.name, token.scope.rawValue, ConsoleFigures.date(token.createdAt))
            (lastUsed, revoked) = (token.lastUsedAt.map(ConsoleFigures.date) ?? "never", token.revokedAt.map(ConsoleFigures.date) ?? "")
            (active, self.current) = (token.revokedAt == nil, current)
        }
    }

    /// A token just made, with its secret.
    package struct Created: ConsoleView {
        package let name: String
        package let scope: String
        package let secret: String
    }

    package let tokens: [Row]
    package let created: Created?
    package let notice: String?
    package let scopes: [ConsoleOption]
    /// The create form's name as sent.
    package let name: String
    package let error: String?
    package let nameError: String?
    package let scopeError: String?

    package init(tokens: [TokenRecord], currentID: String, created: (TokenRecord, String)?, notice: String?, form: ConsoleForm?, error: ConsoleFormError?) {
        self.tokens = tokens.map { Row($0, current: $0.id == currentID) }
        self.created = created.map { Created(name: $0.0.name, scope: $0.0.scope.rawValue, secret: $0.1) }
        self.notice = notice
        scopes = TokenScope.allCases.map { ConsoleOption(value: $0.rawValue, selected: $0.rawValue == (form?["scope"] ?? TokenScope.publish.rawValue)) }
        name = form?.raw("name") ?? ""
        (self.error, nameError, scopeError) = (error?.message(for: nil), error?.message(for: .name), error?.message(for: .scope))
    }
}
