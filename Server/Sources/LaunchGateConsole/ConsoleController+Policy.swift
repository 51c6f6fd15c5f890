import Foundation
import HTTPTypes
import Hummingbird
import LaunchGate
import LaunchGateAdoption
import LaunchGatePolicies
import LaunchGateStorage

extension ConsoleController {
    /// The editor over the current policy.
    func editorPage(_ request: Request, _ context: Context) async throws -> Response {
        let signed = try await session(request)
        let (app, channel) = (try await app(context), try Self.channel(request))
        let current = try await currentPolicy(app: app.id, channel: channel)
        let draft = PolicyDraft(policy: current?.1)
        let view = try await editorView(app: app, channel: channel, draft: draft, current: current, note: nil, noteError: nil)
        return renderer.page(.editor, ConsoleLayout(signed, title: "Policy · \(app.name)"), view)
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
        let view = try await editorView(app: app, channel: channel, draft: draft, current: current, note: form.raw("note"),
                                        noteError: Self.noteError(form["note"]))
        let layout = ConsoleLayout(signed, title: "Policy · \(app.name)")
        return fragment ? ConsoleRenderer.html(renderer.render(.previewsFragment, layout, view)) : renderer.page(.editor, layout, view)
    }

    /// Publishes the draft through the same guarded publish as the API, then shows the history.
    package func publish(_ request: Request, _ context: Context) async throws -> Response {
        let (signed, form) = try await sessionAndForm(request, .publish)
        let (app, channel) = (try await app(context), try Self.channel(request))
        let current = try await currentPolicy(app: app.id, channel: channel)
        let draft = PolicyDraft(form: form, base: current?.1, app: app.id, now: now())
        let note = form["note"]
        let noteError = Self.noteError(note)
        let layout = ConsoleLayout(signed, title: "Policy · \(app.name)")
        guard let policy = draft.policy, noteError == nil else {
            let view = try await editorView(app: app, channel: channel, draft: draft, current: current, note: note, noteError: noteError)
            return renderer.page(.editor, layout, view, status: .unprocessableContent)
        }
        // The form names the revision its page was opened over: publishing it over a newer one would
        // silently undo what someone else published since, so the editor comes back showing the new base.
        // Required: a post without it can't say what it was made over. The service checks it again
        // in the same step as the publish, so two forms opened over one revision can't both land.
        func stale() async throws -> Response {
            let latest = try await currentPolicy(app: app.id, channel: channel)
            var view = try await editorView(app: app, channel: channel, draft: draft, current: latest, note: note, noteError: nil)
            view.staleError = "Not published: revision \(EditorView.base(latest?.0.number)) was published after this page was opened. "
                + "Check the changes against it below, then publish again."
            return renderer.page(.editor, layout, view, status: .conflict)
        }
        guard form["base"] == EditorView.base(current?.0.number) else { return try await stale() }
        do {
            let (revision, _) = try await adoption.publish(policy, app: app.id, channel: channel, author: signed.token.name, note: note,
                                                           confirmed: form["confirm"] == "on", expectedRevision: current?.0.number ?? 0)
            return ConsoleRenderer.redirect("/console/apps/\(app.id)/history?channel=\(channel.rawValue)&published=\(revision.number)")
        } catch let error as ServiceError where error.code == "publish-race" {
            return try await stale()
        } catch let error as AdoptionError where ["confirmation-required", "impact-unavailable"].contains(error.code) {
            var view = try await editorView(app: app, channel: channel, draft: draft, current: current, note: note, noteError: nil)
            view.guardError = error.refusal?.sentence(for: .console(.publish)) ?? error.message
            return renderer.page(.editor, layout, view, status: .conflict)
        }
    }

    /// Everything the editor and its previews show for a draft.
    func editorView(app: AppRecord, channel: ReleaseChannel, draft: PolicyDraft, current: (PolicyRevision, UpdatePolicy)?,
                    note: String?, noteError: String?) async throws -> EditorView {
        var preview: EditorView.Preview?
        if let policy = draft.policy {
            let diff = PolicyDiff.lines(from: PolicyDiff.text(of: current?.1), to: PolicyDiff.text(of: policy))
            let previews = ScreenPreviews.groups(for: policy, now: now())
            preview = EditorView.Preview(
                impact: try await ConsoleImpact.of(policy, app: app.id, channel: channel, adoption: adoption),
                changed: PolicyDiff.changes(diff), diff: PolicyDiff.Shown(diff, limit: PolicyDiff.maximumShownLines, fullDiff: nil),
                groups: previews.groups,
                omittedNotice: previews.omitted == 0 ? nil : FigureText.count(previews.omitted, "more platform and locale combination")
                    + " \(previews.omitted == 1 ? "is" : "are") not previewed here; "
                    + "the first \(ScreenPreviews.maximumGroups) are (at most \(ScreenPreviews.maximumLocales) locales per platform).")
        }
        return EditorView(app: app, channel: channel, revision: current?.0.number, draft: draft, note: note, noteError: noteError, preview: preview)
    }

    /// Why the service would refuse a note, in a sentence for its field, or `nil`: the limit is
    /// the service's (in bytes), checked here once per request so it shows next to the field.
    static func noteError(_ note: String?) -> String? {
        do { try PolicyService.validateNote(note) } catch let error as ServiceError { return ConsoleFormError.sentence(error.message) } catch {
            return ConsoleFormError.sentence("\(error)")
        }
        return nil
    }
}
