import Foundation
import Hummingbird
import LaunchGate
import LaunchGateAdoption
import LaunchGateHTTP
import LaunchGateStorage

extension ConsoleController {
    /// The prompt's funnel per channel, revision and platform: what was shown, what people did, and how
    /// many prompted installs updated, each as a chart and a sentence from the same figures.
    func funnelPage(_ request: Request, _ context: Context) async throws -> Response {
        let signed = try await session(request)
        let app = try await app(context)
        let query = request.uri.queryParameters
        let platform = try QueryValues.platform(query.get("platform"), default: nil)
        let channel = try QueryValues.channelFilter(query.get("channel"))
        let maximum = funnel.retentionDays
        let days = try QueryValues.days(query.get("days"), maximum: maximum) ?? min(30, maximum)
        let summaries = try await funnel.summaries(app: app.id, platform: platform, channel: channel, days: days)
        let windows = [7, 30, 90].filter { $0 <= maximum }
        let today = InstallDay.of(now())
        let view = FunnelView(
            app: app.id, appName: app.name,
            windows: (windows.contains(days) ? windows : (windows + [days]).sorted()).map {
                ConsoleOption(value: String($0), label: "\($0) UTC days", selected: $0 == days)
            },
            platforms: Platform.allCases.map { ConsoleOption(value: $0.rawValue, label: $0.osName, selected: $0 == platform) },
            channels: ReleaseChannel.allCases.map { ConsoleOption(value: $0.rawValue, label: $0.rawValue.capitalized, selected: $0 == channel) },
            daysLabel: "the last \(FigureText.count(days, "UTC calendar day")), \(AdoptionReport.date(today - days + 1)) to \(AdoptionReport.date(today))",
            revisions: summaries.map { summary in
                let id = "\(summary.channel.rawValue)-r\(summary.revision)-\(summary.platform.rawValue)"
                return FunnelView.Revision(title: "\(summary.channel.rawValue.capitalized) revision \(summary.revision) · \(summary.platform.osName)", sentence: summary.sentence,
                                           prompts: .prompts(summary, id: "\(id)-prompts"), updates: .updates(summary, id: "\(id)-updates"))
            })
        return renderer.page(.funnel, ConsoleLayout(signed, title: "Funnel · \(app.name)"), view)
    }
}
