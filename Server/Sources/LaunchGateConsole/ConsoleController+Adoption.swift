import Foundation
import Hummingbird
import LaunchGate
import LaunchGateAdoption
import LaunchGateHTTP
import LaunchGateStorage

extension ConsoleController {
    /// Days the versions-over-time chart covers.
    static var timelineDays: Int { 30 }

    /// Current shares per version and OS among active installs, as SVG bar charts, and a
    /// chart of versions over time.
    func adoptionPage(_ request: Request, _ context: Context) async throws -> Response {
        let signed = try await session(request)
        let app = try await app(context)
        let query = request.uri.queryParameters
        let platform = try QueryValues.platform(query.get("platform"), default: nil)
        let windows = [1, 7, 30].filter { $0 <= adoption.maximumDays }
        let days = try QueryValues.days(query.get("days"), maximum: adoption.maximumDays) ?? 7
        // Only what the charts draw: their bars, and the timeline's series, each with the rest summed by storage.
        let report = try await adoption.report(app: app.id, platform: platform, windows: [days],
                                               since: now().addingTimeInterval(-Double(Self.timelineDays - 1) * 86_400),
                                               limit: max(AdoptionChart.maximumBars, AdoptionTimeline.maximumSeries))
        let window = report.windows.first
        func label(_ share: AdoptionReport.Share, _ value: String?) -> String {
            let name = Platform(rawValue: share.platform)?.osName ?? share.platform
            return "\(name) \(value ?? "unknown")"
        }
        // Windows are UTC calendar days, today included (``AdoptionService``): "1 day" read as the
        // last 24 hours, which it is not, so the labels name the days.
        let today = InstallDay.of(now())
        let view = AdoptionView(
            app: app.id, appName: app.name,
            windows: (windows.contains(days) ? windows : (windows + [days]).sorted()).map {
                ConsoleOption(value: String($0), label: $0 == 1 ? "Today (UTC)" : "\($0) UTC days", selected: $0 == days)
            },
            platforms: Platform.allCases.map { ConsoleOption(value: $0.rawValue, label: $0.osName, selected: $0 == platform) },
            activeInstalls: FigureText.count(window?.activeInstalls ?? 0, "active install"),
            daysLabel: days == 1 ? "today, UTC calendar day \(AdoptionReport.date(today))"
                : "in the last \(days) UTC calendar days, \(AdoptionReport.date(today - days + 1)) to \(AdoptionReport.date(today)), today included",
            versions: AdoptionChart(id: "versions", caption: "Share of active installs per version",
                                    shares: (window?.versions ?? []).map { (label($0, $0.version), $0.installs, $0.share) },
                                    other: window?.otherVersions),
            os: AdoptionChart(id: "os", caption: "Share of active installs per OS version",
                              shares: (window?.os ?? []).map { (label($0, $0.os), $0.installs, $0.share) }, other: window?.otherOS),
            timeline: AdoptionTimeline(history: report.history ?? [], today: today, days: Self.timelineDays))
        return renderer.page(.adoption, ConsoleLayout(signed, title: "Adoption · \(app.name)"), view)
    }
}
