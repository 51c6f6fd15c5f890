import LaunchGate
import LaunchGateStorage

/// A page of the history: revisions newest first, each with its note, its diff against the one
/// before, and rollback; a notice after a publish or a rollback, or the guard's refusal.
struct HistoryView: ConsoleView {
    package struct Row: ConsoleView {
        package let number: Int
        /// Whether it is the one served now.
        package let current: Bool
        package let author: String
        package let note: String
        package let date: String
        package let iso: String
        /// The revision it is diffed against.
        package let previous: Int
        /// The diff against ``previous``; `nil` for the first revision.
        package let diff: PolicyDiff.Shown?
        /// Whether its rollback form carries the guard's confirm checkbox.
        package let askConfirm: Bool

        package init(_ revision: PolicyRevision, current: Bool, previous: Int?, diff: PolicyDiff.Shown?, askConfirm: Bool) {
            (number, self.current, author, note) = (revision.number, current, revision.author, revision.note ?? "")
            (date, iso) = (ConsoleFigures.date(revision.issuedAt), ConsoleFigures.iso(revision.issuedAt))
            (self.previous, self.diff, self.askConfirm) = (previous ?? 0, diff, askConfirm)
        }
    }

    /// Where a page is among the history's pages, when there is more than one.
    package struct Pager: ConsoleView {
        /// This page's number, from 1, and how many there are.
        package let page: Int
        package let pages: Int
        /// The pages before and after this one, when there are.
        package let newer: Int?
        package let older: Int?
    }

    package let app: String
    package let appName: String
    package let channel: String
    package let revisions: [Row]
    /// This page's number, from 1, which a rollback comes back to.
    package let page: Int
    /// `nil` when the history fits on one page.
    package let pager: Pager?
    package var notice: String? = nil
    /// Why a rollback was refused by the publish guard.
    package var guardError: String? = nil
    /// The refused rollback's impact, a sentence an item, under ``guardError``.
    package var guardDetails: [String] = []

    package init(app: AppRecord, channel: ReleaseChannel, revisions: [Row], page: Int, pages: Int) {
        (self.app, appName, self.channel, self.revisions) = (app.id, app.name, channel.rawValue, revisions)
        self.page = page
        pager = pages > 1 ? Pager(page: page, pages: pages, newer: page > 1 ? page - 1 : nil, older: page < pages ? page + 1 : nil) : nil
    }
}
