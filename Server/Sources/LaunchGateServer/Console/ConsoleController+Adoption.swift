import Foundation
import Hummingbird
import LaunchGate

extension ConsoleController {
    /// Current shares per version and OS among active installs, as SVG bar charts.
    func adoptionPage(_ request: Request, _ context: Context) async throws -> Response {
        let signed = try await session(request)
        let app = try await app(context)
        let query = request.uri.queryParameters
        let platform = try QueryValues.platform(query.get("platform"), default: nil)
        let windows = [1, 7, 30].filter { $0 <= adoption.maximumDays }
        let days = try QueryValues.days(query.get("days"), maximum: adoption.maximumDays) ?? 7
        let report = try await adoption.report(app: app.id, platform: platform, windows: [days], since: nil)
        let window = report.windows.first
        func label(_ share: AdoptionReport.Share, _ value: String?) -> String {
            let name = Platform(rawValue: share.platform)?.osName ?? share.platform
            return "\(name) \(value ?? "unknown")"
        }
        var values = layout(signed, title: "Adoption · \(app.name)")
        values["app"] = app.id
        values["appName"] = app.name
        values["days"] = days
        values["activeInstalls"] = PolicyImpact.grouped(window?.activeInstalls ?? 0)
        values["windows"] = (windows.contains(days) ? windows : (windows + [days]).sorted()).map { ["days": $0, "selected": $0 == days] }
        values["platforms"] = Platform.allCases.map { ["id": $0.rawValue, "name": $0.osName, "selected": $0 == platform] }
        values["versions"] = AdoptionChart(id: "versions", caption: "Share of active installs per version",
                                           shares: (window?.versions ?? []).map { (label($0, $0.version), $0.installs, $0.share) })
        values["os"] = AdoptionChart(id: "os", caption: "Share of active installs per OS version",
                                     shares: (window?.os ?? []).map { (label($0, $0.os), $0.installs, $0.share) })
        return ConsoleRenderer.page("adoption", values)
    }
}
