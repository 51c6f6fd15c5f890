import Foundation
import Hummingbird
import LaunchGate

extension ConsoleController {
    /// Revisions shown at the most, newest first, each with its diff against the one before.
    static var historyLength: Int { 50 }

    /// Every revision with who published it, its note, its diff, and rollback.
    func historyPage(_ request: Request, _ context: Context) async throws -> Response {
        let signed = try await session(request)
        let (app, channel) = (try await app(context), try Self.channel(request))
        return ConsoleRenderer.page("history", try await historyValues(signed, app: app, channel: channel, query: request))
    }

    /// What the history page shows.
    private func historyValues(_ signed: ConsoleSessions.Signed, app: AppRecord, channel: ReleaseChannel,
                               query request: Request, confirming: Int? = nil) async throws -> [String: Any] {
        let revisions = try await repository.revisions(appID: app.id, channel: channel).sorted { $0.number > $1.number }
        let served = try await currentPolicy(app: app.id, channel: channel)?.0.number
        let shown = Array(revisions.prefix(Self.historyLength + 1))
        var rows: [[String: Any]] = []
        for (index, revision) in shown.prefix(Self.historyLength).enumerated() {
            let previous = index + 1 < shown.count ? shown[index + 1] : nil
            let lines = PolicyDiff.lines(from: PolicyDiff.text(of: previous.flatMap { try? UpdatePolicy(json: $0.document) }),
                                         to: PolicyDiff.text(of: try? UpdatePolicy(json: revision.document)))
            rows.append([
                "number": revision.number, "current": revision.number == served, "author": revision.author, "note": revision.note ?? "",
                "date": Self.date(revision.issuedAt), "iso": ISO8601DateFormatter().string(from: revision.issuedAt),
                "hasDiff": previous != nil, "askConfirm": revision.number == confirming, "previous": previous?.number ?? 0, "diff": ["lines": lines],
            ])
        }
        var values = layout(signed, title: "History · \(app.name)")
        values["app"] = app.id
        values["appName"] = app.name
        values["channel"] = channel.rawValue
        values["revisions"] = rows
        values["hasRevisions"] = !rows.isEmpty
        let query = request.uri.queryParameters
        if let number = query.get("published").flatMap(Int.init) {
            values["notice"] = "Published revision \(number); it is served now."
        } else if let number = query.get("rolledBack").flatMap(Int.init) {
            values["notice"] = "Rolled back: revision \(number) is served now."
        }
        return values
    }

    /// Serves an earlier revision again, as `POST /v1/admin/apps/{app}/policy/rollback` does.
    func rollback(_ request: Request, _ context: Context) async throws -> Response {
        let (signed, form) = try await sessionAndForm(request, .publish)
        let (app, channel) = (try await app(context), try Self.channel(request))
        guard let number = form["revision"].flatMap(Int.init) else { throw InputError.invalidBody("name the revision to roll back to") }
        do {
            let (revision, _) = try await adoption.rollback(app: app.id, channel: channel, to: number, author: signed.token.name,
                                                            confirmed: form["confirm"] == "on")
            return ConsoleRenderer.redirect("/console/apps/\(app.id)/history?channel=\(channel.rawValue)&rolledBack=\(revision.number)")
        } catch let error as AdoptionError where error.code == "confirmation-required" {
            // Back to the history with the impact, and a checkbox that confirms this one rollback.
            var values = try await historyValues(signed, app: app, channel: channel, query: request, confirming: number)
            values["guardError"] = "Not rolled back: " + error.message
            values["confirmRevision"] = number
            return ConsoleRenderer.page("history", values, status: .conflict)
        }
    }
}
