/// An app's sign-in users by address, a page at a time.
struct UsersView: ConsoleView {
    struct Row: ConsoleView {
        let id: String
        let email: String
        let created: String
        let lastSignIn: String

        init(_ user: UserRecord) {
            (id, email, created, lastSignIn) = (user.id, user.email, ConsoleFigures.date(user.createdAt), ConsoleFigures.date(user.lastSignInAt))
        }
    }

    let app: String
    let appName: String
    let users: [Row]
    /// Whether the page starts after an address rather than at the first.
    let isLaterPage: Bool
    /// The next page's path, when there is one.
    let next: String?

    init(app: AppRecord, users: [UserRecord], isLaterPage: Bool, next: String?) {
        (self.app, appName, self.users) = (app.id, app.name, users.map(Row.init))
        (self.isLaterPage, self.next) = (isLaterPage, next)
    }
}
