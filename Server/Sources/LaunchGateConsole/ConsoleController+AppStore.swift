import Foundation
import Hummingbird
import LaunchGateStorage

extension ConsoleController {
    /// The app's App Store links and their status, through the same service as the CLI and the admin API.
    func appStorePage(_ request: Request, _ context: Context) async throws -> Response {
        let signed = try await session(request)
        let app = try await app(context)
        let links = try await appStore?.links(app: app.id) ?? []
        return renderer.page(.appstore, ConsoleLayout(signed, title: "App Store · \(app.name)"), AppStoreView(app: app, links: links))
    }
}
