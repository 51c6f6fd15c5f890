import Foundation
import HTTPTypes
import Hummingbird

extension ConsoleController {
    /// Console operators, with add and remove; admin scope only, as `launchgate operators`.
    func operatorsPage(_ request: Request, _ context: Context, error: ConsoleFormError? = nil, form: ConsoleForm? = nil,
                       status: HTTPResponse.Status = .ok) async throws -> Response {
        let signed = try await session(request, .admin)
        let operators = try await accounts.operators.list()
        var values = layout(signed, title: "Operators")
        values["operators"] = operators.map {
            ["email": $0.email, "scope": $0.scope.rawValue, "created": Self.date($0.createdAt), "current": $0.id == signed.token.id] as [String: Any]
        }
        values["hasOperators"] = !operators.isEmpty
        values["scopes"] = TokenScope.allCases.map {
            ["scope": $0.rawValue, "selected": $0.rawValue == (form?["scope"] ?? TokenScope.read.rawValue)] as [String: Any]
        }
        values["email"] = form?.raw("email") ?? ""
        for (key, message) in error?.values ?? [:] { values[key] = message }
        if request.uri.queryParameters.get("added") != nil {
            values["notice"] = "Added the operator. They sign in with “Sign in with email” on the sign-in page."
        } else if request.uri.queryParameters.get("removed") != nil {
            values["notice"] = "Removed the operator; their console sessions have ended."
        }
        return ConsoleRenderer.page("operators", values, status: status)
    }

    /// Adds an operator through ``OperatorService/add(email:scope:)``; its refusal is shown next to the form.
    func addOperator(_ request: Request, _ context: Context) async throws -> Response {
        let (_, form) = try await sessionAndForm(request, .admin)
        guard let scope = form["scope"].flatMap(TokenScope.init(rawValue:)) else {
            return try await operatorsPage(request, context, error: ConsoleFormError(field: "scope", message: "Choose read, publish or admin."),
                                           form: form, status: .badRequest)
        }
        do {
            _ = try await accounts.operators.add(email: form["email"] ?? "", scope: scope)
        } catch let error as OperatorError where error.kind == .invalidInput || error.kind == .conflict {
            return try await operatorsPage(request, context, error: ConsoleFormError(error), form: form, status: ErrorResponse.status(for: error.kind))
        }
        return ConsoleRenderer.redirect("/console/operators?added=1")
    }

    /// Removes an operator; their sessions end at once.
    func removeOperator(_ request: Request, _ context: Context) async throws -> Response {
        let (_, form) = try await sessionAndForm(request, .admin)
        try await accounts.operators.remove(email: form["email"] ?? "")
        return ConsoleRenderer.redirect("/console/operators?removed=1")
    }
}
