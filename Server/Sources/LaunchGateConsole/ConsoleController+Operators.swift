import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateHTTP
import LaunchGateSignIn
import LaunchGateStorage

extension ConsoleController {
    /// Console operators, with add and remove; admin scope only, as `launchgate operators`.
    func operatorsPage(_ request: Request, _ context: Context, error: ConsoleFormError? = nil, form: ConsoleForm? = nil,
                       status: HTTPResponse.Status = .ok) async throws -> Response {
        let signed = try await session(request, .admin)
        let operators = try await accounts.operators.list()
        var notice: String?
        if request.uri.queryParameters.get("added") != nil {
            notice = "Added the operator. They sign in with “Sign in with email” on the sign-in page."
        } else if request.uri.queryParameters.get("removed") != nil {
            notice = "Removed the operator; their console sessions have ended."
        }
        let view = OperatorsView(operators: operators, currentID: signed.token.id, notice: notice, form: form, error: error)
        return renderer.page(.operators, ConsoleLayout(signed, title: "Operators"), view, status: status)
    }

    /// Adds an operator through ``OperatorService/add(email:scope:)``; its refusal is shown next to the form.
    func addOperator(_ request: Request, _ context: Context) async throws -> Response {
        let (_, form) = try await sessionAndForm(request, .admin)
        guard let scope = form["scope"].flatMap(TokenScope.init(rawValue:)) else {
            return try await operatorsPage(request, context, error: ConsoleFormError(field: .scope, message: "Choose read, publish or admin."),
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
