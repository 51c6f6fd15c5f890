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

    package let app: String
    package let appName: String
    package let users: [Row]
    /// Whether the page starts after an address rather than at the first.
    package let isLaterPage: Bool
    /// The next page's path, when there is one.
    package let next: String?

    package init(app: AppRecord, users: [UserRecord], isLaterPage: Bool, next: String?) {
        (self.app, appName, self.users) = (app.id, app.name, users.map(Row.init))
        (self.isLaterPage, self.next) = (isLaterPage, next)
    }
}
