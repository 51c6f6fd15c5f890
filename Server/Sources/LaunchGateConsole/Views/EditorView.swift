import LaunchGate
import LaunchGatePolicies
import LaunchGateStorage

/// The policy editor: a fieldset per platform with each problem next to its field, the JSON
/// editor, the note, and beside them the preview of a draft that parses.
struct EditorView: ConsoleView {
    /// A field to fix, linked from the impact pane (it may be far below). console.js marks the
    /// field with it while the person types: the list is in the previews it swaps in.
    package struct InvalidField: ConsoleView {
        /// The input's `id`; its error paragraph is `id-error`.
        package let id: String
        package let label: String
        package let message: String
    }

    /// What a draft that parses previews: its impact, its changes against the served revision,
    /// and every screen it produces.
    package struct Preview: ConsoleView {
        package let impact: ConsoleImpact
        package let changed: Bool
        package let diff: PolicyDiff.Shown
        package let groups: [ScreenPreviews.Group]
        /// How many platform and locale combinations were left out, in words.
        package let omittedNotice: String?
    }

    /// Why there is no preview: something to fix, or a form with nothing in it yet.
    package struct Missing: ConsoleView {
        package let message: String
        package let isError: Bool
    }

    /// What the form's `base` field says when nothing was published on the channel yet.
    package static let noBase = "none"

    package let app: String
    package let appName: String
    package let channel: String
    /// The served revision the form was opened over; `nil` before the first publish.
    package let revision: Int?
    /// The revision the form says it was opened over (``noBase`` for none), which the publish
    /// checks is still the one served.
    package let base: String
    package let fieldsets: [PolicyDraft.Fieldset]
    /// Problems with the draft as a whole.
    package let errors: [String]
    package let document: String
    package let usesDocument: Bool
    package let documentErrors: [String]
    /// Every field with a problem, the note included.
    package let invalidFields: [InvalidField]
    package let note: String
    package let noteLimit: Int
    package let noteError: String?
    /// `nil` while the draft doesn't parse.
    package let preview: Preview?
    /// `nil` when there is a preview.
    package let missing: Missing?
    /// Why the publish was refused: published over by someone else, or the guard's question unanswered.
    package var staleError: String? = nil
    package var guardError: String? = nil

    /// - Parameters:
    ///   - note: The note as typed.
    ///   - noteError: Why the note can't be published (the service's rule, checked by the
    ///     controller), or `nil`.
    package init(app: AppRecord, channel: ReleaseChannel, revision: Int?, draft: PolicyDraft, note: String?, noteError: String?, preview: Preview?) {
        (self.app, appName, self.channel, self.revision) = (app.id, app.name, channel.rawValue, revision)
        base = Self.base(revision)
        (fieldsets, errors, document, usesDocument) = (draft.fieldsets, draft.errors, draft.document, draft.usesDocument)
        documentErrors = draft.documentErrors
        (self.note, noteLimit, self.noteError) = (note ?? "", PolicyService.maximumNoteBytes, noteError)
        invalidFields = draft.fieldsets.flatMap { set in
            set.fields.compactMap { field in field.error.map { InvalidField(id: field.id, label: "\(set.name): \(field.label)", message: $0) } }
        } + (noteError.map { [InvalidField(id: "note", label: "Note for the history", message: $0)] } ?? [])
        self.preview = preview
        missing = preview != nil ? nil
            : draft.usesDocument ? Missing(message: "Fix the JSON document to see the impact and the screens.", isError: true)
            : !draft.errors.isEmpty ? Missing(message: "Fix the problems at the top of the form to see the impact and the screens.", isError: true)
            : draft.fieldsets.contains(where: { !$0.errors.isEmpty || $0.fields.contains { $0.error != nil } })
            ? Missing(message: "Fix the fields marked in the form to see the impact and the screens.", isError: true)
            : Missing(message: "Nothing is published on \(channel.rawValue) yet. Fill in the fields, and the impact and the screens show here.",
                      isError: false)
    }

    /// The form's `base` for the revision a page was opened over.
    package static func base(_ revision: Int?) -> String {
        revision.map(String.init) ?? noBase
    }
}
