extension AdminTokens {
    /// Every token, revoked ones included (never a secret: only its hash is stored), newest first.
    public func list() async throws -> [TokenRecord] {
        try await repository.tokens()
    }

    /// The token with an ID, active or revoked, or `nil`.
    public func token(id: String) async throws -> TokenRecord? {
        try await repository.token(id: id)
    }

    /// Revokes a token: it stops working at once, and the console sessions it opened with it.
    /// - Throws: ``ServiceError`` `token-not-found` when no active token has the ID.
    public func revoke(id: String) async throws {
        guard try await repository.revokeToken(id: id, at: now()) else { throw ServiceError.tokenNotFound(id) }
    }
}
