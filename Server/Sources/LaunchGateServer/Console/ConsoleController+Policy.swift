import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate

extension ConsoleController {
    /// The editor over the current policy.
    func editorPage(_ request: Request, _ context: Context) async throws -> Response {
        let signed = try await session(request)
        let (app, channel) = (try await app(context), try Self.channel(request))
        let current = try await currentPolicy(app: app.id, channel: channel)
        let draft = PolicyDraft(policy: current?.1)
        return ConsoleRenderer.page("editor", try await editorValues(signed, app: app, channel: channel, draft: draft, current: current, note: nil))
    }

    /// The editor with a draft: the whole page without JavaScript, only the previews with it.
    func preview(_ request: Request, _ context: Context, fragment: Bool) async throws -> Response {
        let (signed, form) = try await sessionAndForm(request)
        // Each preview renders every screen in every locale: limited per session and per client.
        if let wait = limits.previewsPerSession.take(for: ConsoleSessions.hash(signed.secret))
            ?? limits.previewsPerClient.take(for: clientKey(request, context)) {
            throw ConsoleError.rateLimited(retryAfter: wait, what: "previews")
        }
        let (app, channel) = (try await app(context), try Self.channel(request))
        let current = try await currentPolicy(app: app.id, channel: channel)
        let draft = PolicyDraft(form: form, base: current?.1, app: app.id, now: now())
        let values = try await editorValues(signed, app: app, channel: channel, draft: draft, current: current, note: form.raw("note"))
        return fragment ? ConsoleRenderer.html(ConsoleRenderer.render("previews", values)) : ConsoleRenderer.page("editor", values)
    }

    /// Publishes the draft through the same guarded publish as the API, then shows the history.
    func publish(_ request: Request, _ context: Context) async throws -> Response {
        let (signed, form) = try await sessionAndForm(request, .publish)
        let (app, channel) = (try await app(context), try Self.channel(request))
        let current = try await currentPolicy(app: app.id, channel: channel)
        let draft = PolicyDraft(form: form, base: current?.1, app: app.id, now: now())
        let note = form["note"]
        // The note's limit is the service's (in bytes); checked here too, so it shows next to its field.
        guard let policy = draft.policy, (try? PolicyService.validateNote(note)) != nil else {
            return ConsoleRenderer.page("editor", try await editorValues(signed, app: app, channel: channel, draft: draft, current: current, note: note),
                                        status: .unprocessableContent)
        }
        // The form names the revision its page was opened over: publishing it over a newer one would
        // silently undo what someone else published since, so the editor comes back showing the new base.
        // Required: a post without it can't say what it was made over. The service checks it again
        // in the same step as the publish, so two forms opened over one revision can't both land.
        let base = current.map { String($0.0.number) } ?? "none"
        func stale() async throws -> Response {
            let latest = try await currentPolicy(app: app.id, channel: channel)
            var values = try await editorValues(signed, app: app, channel: channel, draft: draft, current: latest, note: note)
            values["staleError"] = "Not published: revision \(latest.map { String($0.0.number) } ?? "none") was published after this page was opened. "
                + "Check the changes against it below, then publish again."
            return ConsoleRenderer.page("editor", values, status: .conflict)
        }
        guard form["base"] == base else { return try await stale() }
        do {
            let (revision, _) = try await adoption.publish(policy, app: app.id, channel: channel, author: signed.token.name, note: note,
                                                           confirmed: form["confirm"] == "on", expectedRevision: current?.0.number ?? 0)
            return ConsoleRenderer.redirect("/console/apps/\(app.id)/history?channel=\(channel.rawValue)&published=\(revision.number)")
        } catch let error as ServiceError where error.code == "publish-race" {
            return try await stale()
        } catch let error as AdoptionError where ["confirmation-required", "impact-unavailable"].contains(error.code) {
            var values = try await editorValues(signed, app: app, channel: channel, draft: draft, current: current, note: note)
            values["guardError"] = "Not published: " + error.message + " Tick the box below to publish anyway."
            return ConsoleRenderer.page("editor", values, status: .conflict)
        }
    }

    /// Everything the editor and its previews show for a draft.
    func editorValues(_ signed: ConsoleSessions.Signed, app: AppRecord, channel: ReleaseChannel, draft: PolicyDraft,
                      current: (PolicyRevision, UpdatePolicy)?, note: String?) async throws -> [String: Any] {
        var values = layout(signed, title: "Policy · \(app.name)")
        values["app"] = app.id
        values["appName"] = app.name
        values["channel"] = channel.rawValue
        if let current { values["revision"] = current.0.number }
        values["fieldsets"] = draft.fieldsets
        values["errors"] = draft.errors
        values["document"] = draft.document
        values["usesDocument"] = draft.usesDocument
        values["documentErrors"] = draft.documentErrors
        values["hasDocumentErrors"] = !draft.documentErrors.isEmpty
        // The pane beside the form names the fields to fix, with links: they may be far below.
        values["invalidFields"] = draft.fieldsets.flatMap { set in
            set.fields.filter { $0.error != nil }.map { ["id": $0.id, "label": "\(set.name): \($0.label)"] }
        }
        values["note"] = note ?? ""
        values["noteLimit"] = PolicyService.maximumNoteBytes
        do { try PolicyService.validateNote(note) } catch let error as ServiceError { values["noteError"] = error.message }
        guard let policy = draft.policy else {
            values["invalid"] = true
            return values
        }
        let impact: PolicyImpact
        do {
            impact = try await adoption.impact(of: policy, app: app.id, channel: channel)
        } catch let error as ServiceError {
            throw error
        } catch {
            // The install counts could not be read (in time): the editor still opens, and says so.
            impact = PolicyImpact.unknown(app: app.id, channel: channel, activeDays: adoption.configuration.activeDays, proposed: policy)
        }
        let (words, verdict) = (ImpactSentences(impact), adoption.publishGuard.verdict(on: impact))
        values["guard"] = verdict.needsConfirmation
        switch verdict {
        case .confirm(let breach): values["guardReason"] = words.reason(breach)
        case .unknownImpact: values["guardReason"] = "can't be checked: its impact could not be computed"
        case .publish: values["guardReason"] = ""
        }
        values["guardLimit"] = ImpactSentences.percent(adoption.publishGuard.limit)
        let active = impact.active
        values["impact"] = [
            "summary": words.summary, "blocked": ImpactSentences.grouped(active.blocked), "blockedShare": ImpactSentences.percent(active.blockedShare),
            "newlyBlocked": ImpactSentences.grouped(active.newlyBlocked), "newlyBlockedShare": ImpactSentences.percent(active.newlyBlockedShare),
            "activeInstalls": ImpactSentences.grouped(active.installs), "activeDays": impact.activeDays,
        ] as [String: Any]
        let diff = PolicyDiff.lines(from: PolicyDiff.text(of: current?.1), to: PolicyDiff.text(of: policy))
        values["changed"] = PolicyDiff.changes(diff)
        values["diff"] = PolicyDiff.Shown(diff, limit: PolicyDiff.maximumShownLines, fullDiff: nil)
        let previews = ScreenPreviews.groups(for: policy, now: now())
        values["groups"] = previews.groups
        if previews.omitted > 0 {
            values["omittedNotice"] = "\(previews.omitted) more platform and locale combinations are not previewed here; "
                + "the first \(ScreenPreviews.maximumGroups) are (at most \(ScreenPreviews.maximumLocales) locales per platform)."
        }
        return values
    }
}
