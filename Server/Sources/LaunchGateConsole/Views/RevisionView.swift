import LaunchGate

/// One revision with its whole diff against the one before: where the history's shortened diffs link to.
struct RevisionView: ConsoleView {
    let app: String
    let appName: String
    let channel: String
    let number: Int
    let author: String
    /// `nil` when it has none.
    let note: String?
    let date: String
    let iso: String
    /// The revision it is diffed against; `nil` for the first.
    let previous: Int?
    let diff: PolicyDiff.Shown

    init(app: AppRecord, channel: ReleaseChannel, revision: PolicyRevision, previous: PolicyRevision?, diff: PolicyDiff.Shown) {
        (self.app, appName, self.channel, number, author) = (app.id, app.name, channel.rawValue, revision.number, revision.author)
        note = revision.note.flatMap { $0.isEmpty ? nil : $0 }
        (date, iso) = (ConsoleFigures.date(revision.issuedAt), ConsoleFigures.iso(revision.issuedAt))
        (self.previous, self.diff) = (previous?.number, diff)
    }
}
