import Foundation
import LaunchGateStorage

/// An app's sign-in users by address, a page at a time.
struct UsersView: ConsoleView {
    package struct Row: ConsoleView {
        package let id: String
        package let email: String
        package let created: String
        package let lastSignIn: String

        package init(_ user: UserRecord) {
            (id, email, created, lastSignIn) = (user.id, user.email, ConsoleFigures.date(user.createdAt), ConsoleFigures.date(user.lastSignInAt))
        }
    }

    /// One day's deleted accounts, by the people themselves and by operators.
    package struct DeletionDay: ConsoleView {
        /// `2026-11-30`, UTC.
        package let day: String
        package let byUsers: Int
        package let byOperators: Int
    }

    package let app: String
    package let appName: String
    package let users: [Row]
    /// Whether the page starts after an address rather than at the first.
    package let isLaterPage: Bool
    /// The next page's path, when there is one.
    package let next: String?
    /// The days of the last ``ConsoleController/deletionDays`` with deletions, newest first.
    package let deletions: [DeletionDay]
    /// "3 accounts deleted in the last 30 days", or "no accounts…".
    package let deletionsSummary: String

    package init(app: AppRecord, users: [UserRecord], isLaterPage: Bool, next: String?, deletions: [DailyDeletions] = [], deletionDays: Int = 30) {
        (self.app, appName, self.users) = (app.id, app.name, users.map(Row.init))
        (self.isLaterPage, self.next) = (isLaterPage, next)
        let days = Dictionary(grouping: deletions, by: \.day)
        self.deletions = days.keys.sorted(by: >).map { day in
            let counts = days[day] ?? []
            return DeletionDay(day: String(ConsoleFigures.iso(day).prefix(10)),
                               byUsers: counts.filter { $0.requester == .user }.map(\.count).reduce(0, +),
                               byOperators: counts.filter { $0.requester == .operator }.map(\.count).reduce(0, +))
        }
        let total = deletions.map(\.count).reduce(0, +)
        let counted = FigureText.count(total, "account")
        deletionsSummary = counted.prefix(1).uppercased() + counted.dropFirst() + " deleted in the last \(deletionDays) days"
    }
}
