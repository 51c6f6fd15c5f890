import Foundation
import Hummingbird
import LaunchGate

extension ConsoleController {
    /// Every app (or one), with its current policy per channel and platform.
    func appsPage(_ request: Request, _ context: Context, only id: String?) async throws -> Response {
        let signed = try await session(request)
        var apps = try await repository.apps()
        if let id {
            apps = apps.filter { $0.id == id }
            guard !apps.isEmpty else { throw ServiceError.appNotFound(id) }
        }
        var rows: [[String: Any]] = []
        for app in apps.prefix(200) {
            var channels: [[String: Any]] = []
            for channel in ReleaseChannel.allCases {
                var row: [String: Any] = ["channel": channel.rawValue]
                if let current = try await currentPolicy(app: app.id, channel: channel) {
                    let (revision, policy) = current
                    row["revision"] = revision.number
                    row["author"] = revision.author
                    row["date"] = Self.date(revision.issuedAt)
                    row["platforms"] = policy.platforms.sorted { $0.key.rawValue < $1.key.rawValue }.map { platform, entry in
                        Self.summary(platform, entry)
                    }
                }
                channels.append(row)
            }
            rows.append(["id": app.id, "name": app.name, "channels": channels])
        }
        var values = layout(signed, title: id.flatMap { id in apps.first { $0.id == id }?.name } ?? "Apps")
        values["heading"] = id == nil ? "Apps" : apps[0].name
        values["apps"] = rows
        return ConsoleRenderer.page("apps", values)
    }

    /// The current revision and policy, or `nil` before the first publish on the channel.
    func currentPolicy(app: String, channel: ReleaseChannel) async throws -> (PolicyRevision, UpdatePolicy)? {
        do { return try await policies.current(app: app, channel: channel) } catch let error as ServiceError where error == .noPolicy(app, channel: channel) {
            return nil
        }
    }

    static func summary(_ platform: Platform, _ entry: PlatformPolicy) -> [String: String] {
        func gate(_ requirement: VersionRequirement?) -> String {
            guard let requirement else { return "—" }
            return [requirement.version?.description, requirement.build.map { "build \($0)" }].compactMap { $0 }.joined(separator: ", ")
        }
        let blocked = entry.blocked.versions.map(\.description) + entry.blocked.builds.map { "build \($0)" }
        return ["platform": platform.osName, "latest": gate(entry.latest?.gate), "recommended": gate(entry.recommended),
                "required": gate(entry.required), "blocked": blocked.isEmpty ? "—" : blocked.joined(separator: ", "),
                "endOfLife": entry.endOfLife == nil ? "—" : "yes"]
    }
}
