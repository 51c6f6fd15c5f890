import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateAdoption
import LaunchGateStorage

extension ConsoleController {
    /// Users a page shows at once; the next page starts after the last address.
    static var usersPerPage: Int { 50 }
    /// Sessions a user's page shows at the most, newest first.
    static var sessionsPerPage: Int { 100 }
    /// The days of deletions the users page counts, today included.
    static var deletionDays: Int { 30 }

    /// An app's sign-in users by address, a page at a time, through ``SignInService/users(app:after:limit:)``
    /// as `GET /v1/admin/apps/{app}/users` (read scope).
    func usersPage(_ request: Request, _ context: Context) async throws -> Response {
        let signed = try await session(request)
        let app = try await app(context)
        let after = request.uri.queryParameters.get("after").flatMap { $0.isEmpty ? nil : String($0.prefix(254)) }
        // One more than shown tells whether a next page exists.
        let found = try await accounts.signIn.users(app: app.id, after: after, limit: Self.usersPerPage + 1)
        let users = Array(found.prefix(Self.usersPerPage))
        let next = found.count > Self.usersPerPage ? users.last.map { "/console/apps/\(app.id)/users?after=" + Self.queryValue($0.email) } : nil
        let deletions = try await accounts.signIn.deletions(app: app.id, days: Self.deletionDays)
        let view = UsersView(app: app, users: users, isLaterPage: after != nil, next: next, deletions: deletions, deletionDays: Self.deletionDays)
        return renderer.page(.users, ConsoleLayout(signed, title: "Users · \(app.name)"), view)
    }

    /// One user's sessions, newest first, with revoke for admins.
    func userPage(_ request: Request, _ context: Context) async throws -> Response {
        let signed = try await session(request)
        let (app, user) = try await appUser(context)
        let now = now()
        let sessions = try await accounts.signIn.sessions(app: app.id, userID: user.id)
        let revoked = request.uri.queryParameters.get("revoked").flatMap { Int($0) }
        let view = UserView(app: app, user: user, sessions: sessions, shown: Self.sessionsPerPage, now: now,
                            canAdminister: signed.token.scope >= .admin,
                            notice: revoked.map { "Revoked \(FigureText.count($0, "session"))." })
        return renderer.page(.user, ConsoleLayout(signed, title: "\(user.email) · \(app.name)"), view)
    }

    /// Revokes one session (`session`) or all of the user's (`all`), as
    /// `POST /v1/admin/apps/{app}/sessions/revoke` does (admin scope).
    func revokeUserSessions(_ request: Request, _ context: Context) async throws -> Response {
        let (_, form) = try await sessionAndForm(request, .admin)
        let (app, user) = try await appUser(context)
        let selector: SessionSelector
        if let id = form["session"] {
            // Only a session of this user, so a form can't reach another user's from this page.
            guard try await accounts.signIn.sessions(app: app.id, userID: user.id).contains(where: { $0.id == id }) else {
                throw ConsoleError.incompleteForm("That session is not one of this user’s.")
            }
            selector = .session(id)
        } else {
            selector = .user(user.id)
        }
        let revoked = try await accounts.signIn.revokeSessions(app: app.id, selector)
        return ConsoleRenderer.redirect("/console/apps/\(app.id)/users/\(user.id)?revoked=\(revoked)")
    }

    private func appUser(_ context: Context) async throws -> (AppRecord, UserRecord) {
        let app = try await app(context)
        let id = try context.parameters.require("user")
        guard id.hasPrefix("usr_"), let user = try await accounts.signIn.user(app: app.id, idOrEmail: id) else {
            throw ServiceError.userNotFound(app.id, user: id)
        }
        return (app, user)
    }

    /// A value for a URL's query, percent-encoded.
    static func queryValue(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
