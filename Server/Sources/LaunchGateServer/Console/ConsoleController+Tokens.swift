import Foundation
import HTTPTypes
import Hummingbird

extension ConsoleController {
    /// Admin tokens (never their secrets), with create and revoke; admin scope only, as `launchgate tokens`.
    func tokensPage(_ request: Request, _ context: Context, created: (TokenRecord, String)? = nil, error: ConsoleFormError? = nil,
                    form: ConsoleForm? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let signed = try await session(request, .admin)
        let tokens = try await repository.tokens()
        var values = layout(signed, title: "Tokens")
        values["tokens"] = tokens.prefix(1000).map { token -> [String: Any] in
            ["id": token.id, "name": token.name, "scope": token.scope.rawValue, "created": Self.date(token.createdAt),
             "lastUsed": token.lastUsedAt.map(Self.date) ?? "never",
             "revoked": token.revokedAt.map(Self.date) ?? "", "active": token.revokedAt == nil, "current": token.id == signed.token.id]
        }
        values["hasTokens"] = !tokens.isEmpty
        values["scopes"] = TokenScope.allCases.map {
            ["scope": $0.rawValue, "selected": $0.rawValue == (form?["scope"] ?? TokenScope.publish.rawValue)] as [String: Any]
        }
        values["name"] = form?.raw("name") ?? ""
        if let created {
            values["created"] = ["name": created.0.name, "scope": created.0.scope.rawValue, "secret": created.1] as [String: Any]
        }
        for (key, message) in error?.values ?? [:] { values[key] = message }
        if let revoked = request.uri.queryParameters.get("revoked"), AdminTokens.tokenID(fromArgument: String(revoked)) != nil {
            values["notice"] = "Revoked token \(revoked); its console sessions ended with it."
        }
        return ConsoleRenderer.page("tokens", values, status: status)
    }

    /// Creates a token through ``AdminTokens/create(name:scope:)``; its secret is on the answer
    /// page only (never in a URL, and the page is not cached), as the CLI prints it once.
    func createToken(_ request: Request, _ context: Context) async throws -> Response {
        let (_, form) = try await sessionAndForm(request, .admin)
        guard let scope = form["scope"].flatMap(TokenScope.init(rawValue:)) else {
            return try await tokensPage(request, context, error: ConsoleFormError(field: "scope", message: "Choose read, publish or admin."),
                                        form: form, status: .badRequest)
        }
        do {
            let created = try await accounts.tokens.create(name: form["name"] ?? "", scope: scope)
            return try await tokensPage(request, context, created: created)
        } catch let error as ServiceError where error.kind == .invalidInput {
            return try await tokensPage(request, context, error: ConsoleFormError(error), form: form, status: .badRequest)
        }
    }

    /// Revokes a token by ID; its console sessions end with it.
    func revokeToken(_ request: Request, _ context: Context) async throws -> Response {
        let (_, form) = try await sessionAndForm(request, .admin)
        guard let id = form["id"].flatMap(AdminTokens.tokenID(fromArgument:)) else { throw ConsoleError.incompleteForm("Choose the token to revoke.") }
        guard try await repository.revokeToken(id: id, at: now()) else { throw ServiceError.tokenNotFound(id) }
        return ConsoleRenderer.redirect("/console/tokens?revoked=\(id)")
    }
}
