import LaunchGate

/// A page of the history: revisions newest first, each with its note, its diff against the one
/// before, and rollback; a notice after a publish or a rollback, or the guard's refusal.
struct HistoryView: ConsoleView {
    struct Row: ConsoleView {
        let number: Int
        /// Whether it is the one served now.
        let current: Bool
        let author: String
        let note: String
        let date: String
        let iso: String
        /// The revision it is diffed against.
        let previous: Int
        /// The diff against ``previous``; `nil` for the first revision.
        let diff: PolicyDiff.Shown?
        /// Whether its rollback form carries the guard's confirm checkbox.
        let askConfirm: Bool

        init(_ revision: PolicyRevision, current: Bool, previous: Int?, diff: PolicyDiff.Shown?, askConfirm: Bool) {
            (number, self.current, author, note) = (revision.number, current, revision.author, revision.note ?? "")
            (date, iso) = (ConsoleFigures.date(revision.issuedAt), ConsoleFigures.iso(revision.issuedAt))
            (self.previous, self.diff, self.askConfirm) = (previous ?? 0, diff, askConfirm)
        }
    }

    /// Where a page is among the history's pages, when there is more than one.
    struct Pager: ConsoleView {
        /// This page's number, from 1, and how many there are.
        let page: Int
        let pages: Int
        /// The pages before and after this one, when there are.
        let newer: Int?
        let older: Int?
    }

    let app: String
    let appName: String
    let channel: String
    let revisions: [Row]
    /// This page's number, from 1, which a rollback comes back to.
    let page: Int
    /// `nil` when the history fits on one page.
    let pager: Pager?
    var notice: String? = nil
    /// Why a rollback was refused by the publish guard.
    var guardError: String? = nil

    init(app: AppRecord, channel: ReleaseChannel, revisions: [Row], page: Int, pages: Int) {
        (self.app, appName, self.channel, self.revisions) = (app.id, app.name, channel.rawValue, revisions)
        self.page = page
        pager = pages > 1 ? Pager(page: page, pages: pages, newer: page > 1 ? page - 1 : nil, older: page < pages ? page + 1 : nil) : nil
    }
}
