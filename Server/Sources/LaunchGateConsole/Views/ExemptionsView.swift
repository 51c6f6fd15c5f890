import LaunchGate
import LaunchGateStorage

/// The exemptions page: the stored hashes (the IDs themselves are never kept), with add and
/// remove for admins, and the add form as it was sent when it was refused.
struct ExemptionsView: ConsoleView {
    package struct Row: ConsoleView {
        package let kind: String
        /// The SHA-256 of the ID, as stored.
        package let value: String
        package let note: String
        package let date: String

        package init(_ exemption: Exemption) {
            (kind, value, note, date) = (exemption.kind.rawValue, exemption.value, exemption.note ?? "", ConsoleFigures.date(exemption.createdAt))
        }
    }

    package let app: String
    package let appName: String
    package let canAdminister: Bool
    package let notice: String?
    package let exemptions: [Row]
    package let kinds: [ConsoleOption]
    /// The add form's fields as sent.
    package let value: String
    package let note: String
    /// The refusal at the top of the form, or next to its field.
    package let error: String?
    package let kindError: String?
    package let valueError: String?
    package let noteError: String?

    package init(app: AppRecord, exemptions: [Exemption], canAdminister: Bool, notice: String?, form: ConsoleForm?, error: ConsoleFormError?) {
        (self.app, appName, self.canAdminister, self.notice) = (app.id, app.name, canAdminister, notice)
        self.exemptions = exemptions.map(Row.init)
        kinds = ExemptionKind.allCases.map { ConsoleOption(value: $0.rawValue, selected: $0.rawValue == form?["kind"]) }
        (value, note) = (form?.raw("value") ?? "", form?.raw("note") ?? "")
        (self.error, kindError) = (error?.message(for: nil), error?.message(for: .kind))
        (valueError, noteError) = (error?.message(for: .value), error?.message(for: .note))
    }
}
