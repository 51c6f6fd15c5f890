import Foundation
import Hummingbird
import LaunchGate
import LaunchGateAdoption
import LaunchGateStorage

extension ConsoleController {
    /// Revisions per page of the history, newest first, each with its diff against the one before.
    static var historyPageSize: Int { 20 }

    /// A page of revisions with who published them, their notes, their diffs, and rollback.
    func historyPage(_ request: Request, _ context: Context) async throws -> Response {
        let signed = try await session(request)
        try takeHistoryBudget(signed)
        let (app, channel) = (try await app(context), try Self.channel(request))
        var (view, computed) = try await historyView(app: app, channel: channel, query: request)
        chargeComputedDiffs(signed, computed)
        let query = request.uri.queryParameters
        if let number = query.get("published").flatMap({ Int($0) }) {
            view.notice = "Published revision \(number); it is served now."
        } else if let number = query.get("rolledBack").flatMap({ Int($0) }) {
            view.notice = "Rolled back: revision \(number) is served now."
        }
        return renderer.page(.history, ConsoleLayout(signed, title: "History · \(app.name)"), view)
    }

    /// What the history page shows: `?page=` (from 1, newest first), clamped to the pages there are.
    /// - Parameter confirming: The revision whose rollback form asks to confirm it.
    /// - Returns: The view, and how many diffs were computed rather than found in the cache.
    private func historyView(app: AppRecord, channel: ReleaseChannel, query request: Request,
                             confirming: Int? = nil) async throws -> (view: HistoryView, computed: Int) {
        let newest = try await policies.newestRevisionNumber(app: app.id, channel: channel)
        let size = Self.historyPageSize
        let pages = max(1, (newest + size - 1) / size)
        let page = min(max(request.uri.queryParameters.get("page").flatMap { Int($0) } ?? 1, 1), pages)
        // One more than a page: the oldest shown is diffed against it.
        var shown: [PolicyRevision] = []
        if newest > 0 {
            shown = try await policies.revisions(app: app.id, channel: channel, through: newest - (page - 1) * size, limit: size + 1)
        }
        // Parsed only for diffs not in the cache; each revision at most once.
        var texts: [Int: [String]] = [:]
        func text(_ index: Int) -> [String] {
            if let known = texts[index] { return known }
            let made = PolicyDiff.text(of: try? UpdatePolicy(json: shown[index].document))
            texts[index] = made
            return made
        }
        var rows: [HistoryView.Row] = []
        var computed = 0
        for (index, revision) in shown.prefix(size).enumerated() {
            let previous = index + 1 < shown.count ? shown[index + 1] : nil
            let lines = diffs.lines(app: app.id, channel: channel, from: previous, to: revision) {
                computed += 1
                return PolicyDiff.lines(from: previous == nil ? [] : text(index + 1), to: text(index))
            }
            let diff = previous == nil ? nil : PolicyDiff.Shown(lines, limit: PolicyDiff.maximumShownLines,
                                                                 fullDiff: "/console/apps/\(app.id)/history/\(revision.number)?channel=\(channel.rawValue)")
            rows.append(HistoryView.Row(revision, current: revision.number == newest, previous: previous?.number, diff: diff,
                                        askConfirm: revision.number == confirming))
        }
        return (HistoryView(app: app, channel: channel, revisions: rows, page: page, pages: pages), computed)
    }

    /// One revision with its whole diff against the one before: where a long diff on the
    /// history page links to.
    func revisionPage(_ request: Request, _ context: Context) async throws -> Response {
        let signed = try await session(request)
        try takeHistoryBudget(signed)
        let (app, channel) = (try await app(context), try Self.channel(request))
        guard let number = context.parameters.get("number").flatMap({ Int($0) }), number > 0 else {
            throw HTTPError(.notFound, message: "There is no console page at this address. Check it, or start again from the apps.")
        }
        guard let revision = try await policies.revision(app: app.id, channel: channel, number: number) else {
            throw ServiceError.revisionNotFound(app.id, channel: channel, number: number)
        }
        let previous: PolicyRevision? = if number > 1 { try await policies.revision(app: app.id, channel: channel, number: number - 1) } else { nil }
        var computed = 0
        let lines = diffs.lines(app: app.id, channel: channel, from: previous, to: revision) {
            computed += 1
            return PolicyDiff.lines(from: PolicyDiff.text(of: previous.flatMap { try? UpdatePolicy(json: $0.document) }),
                                    to: PolicyDiff.text(of: try? UpdatePolicy(json: revision.document)))
        }
        chargeComputedDiffs(signed, computed)
        let view = RevisionView(app: app, channel: channel, revision: revision, previous: previous,
                                diff: PolicyDiff.Shown(lines, limit: nil, fullDiff: nil))
        return renderer.page(.revision, ConsoleLayout(signed, title: "Revision \(number) · \(app.name)"), view)
    }

    /// Takes one history page from the budget of whoever signed in (``ConsoleLimits/historyPerSession``):
    /// per token or operator, not per session, since one token may hold several sessions.
    /// - Throws: ``ConsoleError/rateLimited(retryAfter:what:)`` when it has none left.
    private func takeHistoryBudget(_ signed: ConsoleSessions.Signed) throws {
        if let wait = limits.historyPerSession.take(for: signed.token.id) {
            throw ConsoleError.rateLimited(retryAfter: wait, what: "history pages")
        }
    }

    /// Charges diffs computed rather than read from the cache: about a twentieth of a page each
    /// is cached, so a page whose diffs were all computed costs several, and reading pages in
    /// order to keep the cache cold runs out of budget quickly.
    private func chargeComputedDiffs(_ signed: ConsoleSessions.Signed, _ computed: Int) {
        limits.historyPerSession.charge(for: signed.token.id, cost: Double(computed) / 4)
    }

    /// Serves an earlier revision again, as `POST /v1/admin/apps/{app}/policy/rollback` does.
    package func rollback(_ request: Request, _ context: Context) async throws -> Response {
        let (signed, form) = try await sessionAndForm(request, .publish)
        let (app, channel) = (try await app(context), try Self.channel(request))
        guard let number = form["revision"].flatMap({ Int($0) }) else { throw ConsoleError.incompleteForm("Choose the revision to roll back to.") }
        do {
            let (revision, _) = try await adoption.rollback(app: app.id, channel: channel, to: number, author: signed.token.name,
                                                            confirmed: form["confirm"] == "on")
            return ConsoleRenderer.redirect("/console/apps/\(app.id)/history?channel=\(channel.rawValue)&rolledBack=\(revision.number)")
        } catch let error as AdoptionError where ["confirmation-required", "impact-unavailable"].contains(error.code) {
            // Back to the history with the impact, and a checkbox that confirms this one rollback:
            // a history page like any other, so from the same budget.
            try takeHistoryBudget(signed)
            var (view, computed) = try await historyView(app: app, channel: channel, query: request, confirming: number)
            chargeComputedDiffs(signed, computed)
            view.guardError = error.refusal?.sentence(for: .console(.rollback)) ?? error.message
            view.guardDetails = error.refusal.map { $0.breach == nil ? [] : ImpactSentences($0.impact).sentences } ?? []
            return renderer.page(.history, ConsoleLayout(signed, title: "History · \(app.name)"), view, status: .conflict)
        }
    }
}
