import LaunchGate

/// The policy editor: a fieldset per platform with each problem next to its field, the JSON
/// editor, the note, and beside them the preview of a draft that parses.
struct EditorView: Encodable, Sendable {
    /// A field to fix, linked from the impact pane (it may be far below).
    struct InvalidField: Encodable, Sendable {
        let id: String
        let label: String
    }

    /// What a draft that parses previews: its impact, its changes against the served revision,
    /// and every screen it produces.
    struct Preview: Encodable, Sendable {
        let impact: ConsoleImpact
        let changed: Bool
        let diff: PolicyDiff.Shown
        let groups: [ScreenPreviews.Group]
        /// How many platform and locale combinations were left out, in words.
        let omittedNotice: String?
    }

    let app: String
    let appName: String
    let channel: String
    /// The served revision the form was opened over; `nil` before the first publish.
    let revision: Int?
    let fieldsets: [PolicyDraft.Fieldset]
    /// Problems with the draft as a whole.
    let errors: [String]
    let document: String
    let usesDocument: Bool
    let documentErrors: [String]
    let invalidFields: [InvalidField]
    let note: String
    let noteLimit: Int
    let noteError: String?
    /// `nil` while the draft doesn't parse.
    let preview: Preview?
    /// Why the publish was refused: published over by someone else, or the guard's question unanswered.
    var staleError: String? = nil
    var guardError: String? = nil

    init(app: AppRecord, channel: ReleaseChannel, revision: Int?, draft: PolicyDraft, note: String?, preview: Preview?) {
        (self.app, appName, self.channel, self.revision) = (app.id, app.name, channel.rawValue, revision)
        (fieldsets, errors, document, usesDocument) = (draft.fieldsets, draft.errors, draft.document, draft.usesDocument)
        documentErrors = draft.documentErrors
        invalidFields = draft.fieldsets.flatMap { set in
            set.fields.filter { $0.error != nil }.map { InvalidField(id: $0.id, label: "\(set.name): \($0.label)") }
        }
        (self.note, noteLimit) = (note ?? "", PolicyService.maximumNoteBytes)
        // The note's limit is the service's (in bytes), shown next to its field.
        do { try PolicyService.validateNote(note); noteError = nil } catch { noteError = (error as? ServiceError)?.message ?? "\(error)" }
        self.preview = preview
    }
}
