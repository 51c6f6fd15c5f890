import LaunchGate
import LaunchGateStorage

/// One revision with its whole diff against the one before: where the history's shortened diffs link to.
struct RevisionView: ConsoleView {
    package let app: String
    package let appName: String
    package let channel: String
    package let number: Int
    package let author: String
    /// `nil` when it has none.
    package let note: String?
    package let date: String
    package let iso: String
    /// The revision it is diffed against; `nil` for the first.
    package let previous: Int?
    package let diff: PolicyDiff.Shown

    package init(app: AppRecord, channel: ReleaseChannel, revision: PolicyRevision, previous: PolicyRevision?, diff: PolicyDiff.Shown) {
        (self.app, appName, self.channel, number, author) = (app.id, app.name, channel.rawValue, revision.number, revision.author)
        note = revision.note.flatMap { $0.isEmpty ? nil : $0 }
        (date, iso) = (ConsoleFigures.date(revision.issuedAt), ConsoleFigures.iso(revision.issuedAt))
        (self.previous, self.diff) = (previous?.number, diff)
    }
}
