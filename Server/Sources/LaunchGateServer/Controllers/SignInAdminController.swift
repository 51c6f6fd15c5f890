import Foundation
import HTTPTypes
import Hummingbird
import LaunchGateHTTP
import LaunchGateSignIn
import LaunchGateStorage

/// Sign-in under the admin API: users, sessions, the outbox and per-app settings. Reads need the
/// read scope; deleting users, revoking sessions and changing settings need admin.
struct SignInAdminController<Context: RemoteAddressRequestContext> {
    let signIn: SignInService
    let authenticator: AdminAuthenticator

    /// A session as operators see it: never its token hash.
    struct Session: Encodable {
        let id: String
        let userID: String
        let deviceID: String
        let createdAt: Date
        let expiresAt: Date
        let revokedAt: Date?
        let active: Bool

        init(_ session: SessionRecord, now: Date) {
            id = session.id
            userID = session.userID
            deviceID = session.deviceID
            createdAt = session.createdAt
            expiresAt = session.expiresAt
            revokedAt = session.revokedAt
            active = session.isActive(at: now)
        }
    }

    struct UserDetail: Encodable {
        let user: UserRecord
        let sessions: [Session]
    }

    /// A message as operators see it: never its sealed code.
    struct Mail: Encodable {
        let id: String
        let appID: String
        let email: String
        let attempts: Int
        let lastError: String?
        let createdAt: Date
        let finishedAt: Date?

        init(_ message: OutboxMessage) {
            id = message.id
            appID = message.appID
            email = message.email
            attempts = message.attempts
            lastError = message.lastError
            createdAt = message.createdAt
            finishedAt = message.finishedAt
        }
    }

    struct MailStatus: Encodable {
        let counts: [String: Int]
        let oldestPendingAt: Date?
        let failures: [Mail]
    }

    struct Revoke: Decodable {
        let session: String?
        let user: String?
        let device: String?
    }

    struct Revoked: Encodable {
        let revoked: Int
    }

    struct Settings: Decodable {
        let codeLength: Int?
        let subjectTemplate: String?
        let textTemplate: String?
        let htmlTemplate: String?
    }

    /// The routes it answers, which the composition root adds to the router.
    var routes: RouteCollection<Context> {
        let router = RouteCollection(context: Context.self)
        let admin = router.group("/v1/admin")
        admin.get("/apps/:app/users") { request, context in
            try await authenticator.authorize(request, context, .read)
            let query = request.uri.queryParameters
            let limit = try QueryValues.number(query.get("limit"), name: "limit", in: 1...1000, default: 100)
            return try RequestValues.json(try await signIn.users(app: context.parameters.require("app"), after: query.get("after"), limit: limit))
        }
        admin.get("/apps/:app/users/:user") { request, context in
            try await authenticator.authorize(request, context, .read)
            let (app, user) = try await find(context)
            let sessions = try await signIn.sessions(app: app, userID: user.id).map { Session($0, now: signIn.now()) }
            return try RequestValues.json(UserDetail(user: user, sessions: sessions))
        }
        admin.delete("/apps/:app/users/:user") { request, context in
            try await authenticator.authorize(request, context, .admin)
            let (app, user) = try await find(context)
            guard try await signIn.deleteUser(app: app, idOrEmail: user.id) else { throw ServiceError.userNotFound(app, user: user.id) }
            return Response(status: .noContent)
        }
        admin.post("/apps/:app/sessions/revoke") { request, context in
            try await authenticator.authorize(request, context, .admin)
            let body = try await RequestValues.body(Revoke.self, from: request, context: context)
            let app = try context.parameters.require("app")
            let selector: SessionSelector
            switch (body.session, body.user, body.device) {
            case (let id?, nil, nil): selector = .session(id)
            case (nil, let user?, nil):
                guard let found = try await signIn.user(app: app, idOrEmail: user) else { throw ServiceError.userNotFound(app, user: user) }
                selector = .user(found.id)
            case (nil, nil, let device?): selector = .device(device)
            default: throw InputError.invalidBody("give exactly one of \"session\", \"user\" or \"device\"")
            }
            return try RequestValues.json(Revoked(revoked: try await signIn.revokeSessions(app: app, selector)))
        }
        admin.get("/mail") { request, context in
            let token = try await authenticator.authorize(request, context, .read)
            // Console sign-in mail tells which addresses are operators', which only admins may know.
            let status = try await signIn.outboxStatus(visibleTo: token.scope)
            return try RequestValues.json(MailStatus(counts: status.counts, oldestPendingAt: status.oldestPendingAt,
                                                     failures: status.failures.map(Mail.init)))
        }
        admin.get("/apps/:app/sign-in") { request, context in
            try await authenticator.authorize(request, context, .read)
            let app = try context.parameters.require("app")
            guard try await signIn.policies.appExists(app) else { throw ServiceError.appNotFound(app) }
            return try RequestValues.json(try await signIn.settings(app: app))
        }
        admin.put("/apps/:app/sign-in") { request, context in
            try await authenticator.authorize(request, context, .admin)
            let app = try context.parameters.require("app")
            let body = try await RequestValues.body(Settings.self, from: request, context: context)
            let settings = SignInSettings(appID: app, codeLength: body.codeLength ?? SignInSettings.defaultCodeLength,
                                          subjectTemplate: body.subjectTemplate, textTemplate: body.textTemplate, htmlTemplate: body.htmlTemplate)
            try await signIn.saveSettings(settings)
            return try RequestValues.json(settings)
        }
        return router
    }

    private func find(_ context: Context) async throws -> (String, UserRecord) {
        let app = try context.parameters.require("app")
        guard let name = try context.parameters.require("user").removingPercentEncoding else { throw InputError.invalidPathParameter("user") }
        guard let user = try await signIn.user(app: app, idOrEmail: name) else { throw ServiceError.userNotFound(app, user: name) }
        return (app, user)
    }
}
