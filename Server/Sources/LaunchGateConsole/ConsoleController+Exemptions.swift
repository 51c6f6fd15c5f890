import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate
import LaunchGateHTTP
import LaunchGateStorage

extension ConsoleController {
    /// The app's exemptions (hashes only, as stored), with add and remove for admin tokens.
    func exemptionsPage(_ request: Request, _ context: Context, error: ConsoleFormError? = nil, form: ConsoleForm? = nil,
                        status: HTTPResponse.Status = .ok) async throws -> Response {
        let signed = try await session(request)
        let app = try await app(context)
        let exemptions = try await policies.exemptions(app: app.id).sorted { ($0.createdAt, $0.value) > ($1.createdAt, $1.value) }
        var notice: String?
        if let added = request.uri.queryParameters.get("added"), ExemptionKind(rawValue: added) != nil {
            notice = "Exempted the \(added); the app's policies were published again with it."
        } else if request.uri.queryParameters.get("removed") != nil {
            notice = "Removed the exemption; the app's policies were published again without it."
        }
        let view = ExemptionsView(app: app, exemptions: exemptions, canAdminister: signed.token.scope >= .admin, notice: notice, form: form, error: error)
        return renderer.page(.exemptions, ConsoleLayout(signed, title: "Exemptions · \(app.name)"), view, status: status)
    }

    /// Adds an exemption through ``PolicyService/addExemption(app:kind:id:note:author:)``; its
    /// refusal is shown next to the form.
    package func addExemption(_ request: Request, _ context: Context) async throws -> Response {
        let (signed, form) = try await sessionAndForm(request, .admin)
        let app = try await app(context)
        guard let kind = form["kind"].flatMap(ExemptionKind.init(rawValue:)) else {
            return try await exemptionsPage(request, context, error: ConsoleFormError(field: .kind, message: "Choose install or device."),
                                            form: form, status: .badRequest)
        }
        do {
            try await policies.addExemption(app: app.id, kind: kind, id: form["value"] ?? "", note: form["note"], author: signed.token.name)
        } catch let error as ServiceError where error.kind == .invalidInput || error.kind == .conflict {
            return try await exemptionsPage(request, context, error: ConsoleFormError(error), form: form, status: ErrorResponse.status(for: error.kind))
        }
        return ConsoleRenderer.redirect("/console/apps/\(app.id)/exemptions?added=\(kind.rawValue)")
    }

    /// Removes an exemption by its stored hash.
    package func removeExemption(_ request: Request, _ context: Context) async throws -> Response {
        let (signed, form) = try await sessionAndForm(request, .admin)
        let app = try await app(context)
        guard let kind = form["kind"].flatMap(ExemptionKind.init(rawValue:)), let value = form["value"] else {
            throw ConsoleError.incompleteForm("Choose the exemption to remove.")
        }
        try await policies.removeExemption(app: app.id, kind: kind, idOrHash: value, author: signed.token.name)
        return ConsoleRenderer.redirect("/console/apps/\(app.id)/exemptions?removed=1")
    }
}
