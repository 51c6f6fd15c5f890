import Foundation
import Hummingbird
import LaunchGate
import LaunchGateStorage

extension ConsoleController {
    /// Every app (or one), with its current policy per channel and platform.
    func appsPage(_ request: Request, _ context: Context, only id: String?) async throws -> Response {
        let signed = try await session(request)
        let apps = if let id { [try await policies.app(id)] } else { try await policies.apps() }
        var rows: [AppsView.App] = []
        for app in apps.prefix(200) {
            var channels: [AppsView.Channel] = []
            for channel in ReleaseChannel.allCases {
                let current = try await currentPolicy(app: app.id, channel: channel)
                channels.append(AppsView.Channel(channel: channel.rawValue, current: current.map { AppsView.Current($0.0, $0.1) }))
            }
            rows.append(AppsView.App(id: app.id, name: app.name, channels: channels))
        }
        let view = AppsView(heading: id == nil ? "Apps" : apps[0].name, apps: rows)
        return renderer.page(.apps, ConsoleLayout(signed, title: view.heading), view)
    }

    /// The current revision and policy, or `nil` before the first publish on the channel.
    func currentPolicy(app: String, channel: ReleaseChannel) async throws -> (PolicyRevision, UpdatePolicy)? {
        do { return try await policies.current(app: app, channel: channel) } catch let error as ServiceError where error == .noPolicy(app, channel: channel) {
            return nil
        }
    }
}
