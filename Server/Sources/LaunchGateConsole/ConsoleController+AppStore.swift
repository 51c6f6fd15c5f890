import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateStorage

extension ConsoleController {
    /// The app's App Store links and their status, through the same service as the CLI and the admin API.
    /// - Parameters:
    ///   - forms: The forms as a refused post left them; `nil` for a plain visit.
    ///   - status: The response's status: a refused form's, or 200.
    func appStorePage(_ request: Request, _ context: Context, forms: AppStoreFormsView? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let signed = try await session(request)
        let app = try await app(context)
        let links = try await appStore?.links(app: app.id) ?? []
        let shown: AppStoreFormsView
        if let forms { shown = forms } else { shown = try await appStoreForms(request, signed, app: app.id) }
        return renderer.page(.appstore, ConsoleLayout(signed, title: "App Store · \(app.name)"), AppStoreView(app: app, links: links, forms: shown),
                             status: status)
    }
}
