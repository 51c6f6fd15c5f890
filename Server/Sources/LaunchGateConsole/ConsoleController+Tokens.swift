import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateSignIn
import LaunchGateStorage

extension ConsoleController {
    /// Admin tokens (never their secrets), with create and revoke; admin scope only, as `launchgate tokens`.
    func tokensPage(_ request: Request, _ context: Context, created: (TokenRecord, String)? = nil, error: ConsoleFormError? = nil,
                    form: ConsoleForm? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let signed = try await session(request, .admin)
        let tokens = try await accounts.tokens.list()
        var notice: String?
        if let revoked = request.uri.queryParameters.get("revoked"), AdminTokens.tokenID(fromArgument: String(revoked)) != nil {
            notice = "Revoked token \(revoked); its console sessions ended with it."
        }
        let view = TokensView(tokens: Array(tokens.prefix(1000)), currentID: signed.token.id, created: created, notice: notice, form: form, error: error)
        return renderer.page(.tokens, ConsoleLayout(signed, title: "Tokens"), view, status: status)
    }

    /// Creates a token through ``AdminTokens/create(name:scope:)``; its secret is on the answer
    /// page only (never in a URL, and the page is not cached), as the CLI prints it once.
    func createToken(_ request: Request, _ context: Context) async throws -> Response {
        let (_, form) = try await sessionAndForm(request, .admin)
        guard let scope = form["scope"].flatMap(TokenScope.init(rawValue:)) else {
            return try await tokensPage(request, context, error: ConsoleFormError(field: .scope, message: "Choose read, publish or admin."),
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
    package func revokeToken(_ request: Request, _ context: Context) async throws -> Response {
        let (_, form) = try await sessionAndForm(request, .admin)
        guard let id = form["id"].flatMap(AdminTokens.tokenID(fromArgument:)) else { throw ConsoleError.incompleteForm("Choose the token to revoke.") }
        try await accounts.tokens.revoke(id: id)
        return ConsoleRenderer.redirect("/console/tokens?revoked=\(id)")
    }
}
