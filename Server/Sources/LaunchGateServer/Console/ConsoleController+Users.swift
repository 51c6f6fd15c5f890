import Foundation
import HTTPTypes
import Hummingbird

extension ConsoleController {
    /// Users a page shows at once; the next page starts after the last address.
    static var usersPerPage: Int { 50 }
    /// Sessions a user's page shows at the most, newest first.
    static var sessionsPerPage: Int { 100 }

    /// An app's sign-in users by address, a page at a time, through ``SignInService/users(app:after:limit:)``
    /// as `GET /v1/admin/apps/{app}/users` (read scope).
    func usersPage(_ request: Request, _ context: Context) async throws -> Response {
        let signed = try await session(request)
        let app = try await app(context)
        let after = request.uri.queryParameters.get("after").flatMap { $0.isEmpty ? nil : String($0.prefix(254)) }
        // One more than shown tells whether a next page exists.
        let found = try await accounts.signIn.users(app: app.id, after: after, limit: Self.usersPerPage + 1)
        let users = found.prefix(Self.usersPerPage)
        var values = layout(signed, title: "Users · \(app.name)")
        values["app"] = app.id
        values["appName"] = app.name
        values["users"] = users.map {
            ["id": $0.id, "email": $0.email, "created": Self.date($0.createdAt), "lastSignIn": Self.date($0.lastSignInAt)] as [String: Any]
        }
        values["hasUsers"] = !users.isEmpty
        values["isLaterPage"] = after != nil
        if found.count > Self.usersPerPage, let last = users.last {
            values["next"] = "/console/apps/\(app.id)/users?after=" + Self.queryValue(last.email)
        }
        return ConsoleRenderer.page("users", values)
    }

    /// One user's sessions, newest first, with revoke for admins.
    func userPage(_ request: Request, _ context: Context) async throws -> Response {
        let signed = try await session(request)
        let (app, user) = try await appUser(context)
        let now = now()
        let sessions = try await accounts.signIn.sessions(app: app.id, userID: user.id)
        var values = layout(signed, title: "\(user.email) · \(app.name)")
        values["app"] = app.id
        values["appName"] = app.name
        values["user"] = ["id": user.id, "email": user.email, "created": Self.date(user.createdAt),
                          "lastSignIn": Self.date(user.lastSignInAt)] as [String: Any]
        values["canAdminister"] = signed.token.scope >= .admin
        values["sessions"] = sessions.prefix(Self.sessionsPerPage).map { session -> [String: Any] in
            let state = session.revokedAt != nil ? "revoked" : session.isActive(at: now) ? "active" : "expired"
            return ["id": session.id, "device": session.deviceID, "created": Self.date(session.createdAt),
                    "expires": Self.date(session.expiresAt), "state": state, "active": session.isActive(at: now)]
        }
        values["hasSessions"] = !sessions.isEmpty
        values["hasActive"] = sessions.contains { $0.isActive(at: now) }
        if sessions.count > Self.sessionsPerPage { values["more"] = "\(sessions.count - Self.sessionsPerPage)" }
        if let revoked = request.uri.queryParameters.get("revoked").flatMap({ Int($0) }) {
            values["notice"] = revoked == 1 ? "Revoked 1 session." : "Revoked \(revoked) sessions."
        }
        return ConsoleRenderer.page("user", values)
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
