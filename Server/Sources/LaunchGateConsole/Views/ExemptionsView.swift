import LaunchGate

/// The exemptions page: the stored hashes (the IDs themselves are never kept), with add and
/// remove for admins, and the add form as it was sent when it was refused.
struct ExemptionsView: ConsoleView {
    struct Row: ConsoleView {
        let kind: String
        /// The SHA-256 of the ID, as stored.
        let value: String
        let note: String
        let date: String

        init(_ exemption: Exemption) {
            (kind, value, note, date) = (exemption.kind.rawValue, exemption.value, exemption.note ?? "", ConsoleFigures.date(exemption.createdAt))
        }
    }

    let app: String
    let appName: String
    let canAdminister: Bool
    let notice: String?
    let exemptions: [Row]
    let kinds: [ConsoleOption]
    /// The add form's fields as sent.
    let value: String
    let note: String
    /// The refusal at the top of the form, or next to its field.
    let error: String?
    let kindError: String?
    let valueError: String?
    let noteError: String?

    init(app: AppRecord, exemptions: [Exemption], canAdminister: Bool, notice: String?, form: ConsoleForm?, error: ConsoleFormError?) {
        (self.app, appName, self.canAdminister, self.notice) = (app.id, app.name, canAdminister, notice)
        self.exemptions = exemptions.map(Row.init)
        kinds = ExemptionKind.allCases.map { ConsoleOption(value: $0.rawValue, selected: $0.rawValue == form?["kind"]) }
        (value, note) = (form?.raw("value") ?? "", form?.raw("note") ?? "")
        (self.error, kindError) = (error?.message(for: nil), error?.message(for: .kind))
        (valueError, noteError) = (error?.message(for: .value), error?.message(for: .note))
    }
}
