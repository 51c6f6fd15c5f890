import Foundation
import LaunchGateStorage

extension SignInService {
    // MARK: Operators

    /// An app's users by address, a page at a time.
    /// - Parameters:
    ///   - after: The last address of the previous page.
    ///   - limit: At most this many, 1 to 1000.
    /// - Throws: ``ServiceError`` `app-not-found`.
    public func users(app: String, after: String? = nil, limit: Int = 100) async throws -> [UserRecord] {
        try await requireAdminApp(app)
        return try await repository.users(appID: app, after: after, limit: min(max(limit, 1), 1000))
    }

    /// A user by `usr_` ID or by address (normalised as sign-in does).
    /// - Throws: ``ServiceError`` `app-not-found`.
    public func user(app: String, idOrEmail: String) async throws -> UserRecord? {
        try await requireAdminApp(app)
        if idOrEmail.hasPrefix("usr_") { return try await repository.user(appID: app, id: idOrEmail) }
        guard let email = try? SignInAddress.normalized(idOrEmail) else { return nil }
        return try await repository.user(appID: app, email: email)
    }

    /// A user's sessions, newest first.
    public func sessions(app: String, userID: String) async throws -> [SessionRecord] {
        try await repository.sessions(appID: app, userID: userID)
    }

    /// Deletes a user with its sessions, codes, mail, failure counts and limits (as
    /// ``deleteAccount(app:token:deviceID:)`` does), counted as an operator's deletion.
    /// - Returns: `false` when there is no such user.
    /// - Throws: ``ServiceError`` `app-not-found`.
    public func deleteUser(app: String, idOrEmail: String) async throws -> Bool {
        guard let user = try await user(app: app, idOrEmail: idOrEmail) else { return false }
        return try await repository.deleteUser(configuration.deletion(app: app, userID: user.id, email: user.email, by: .operator),
                                               event: deletedEvent(user, by: .operator), at: now())
    }

    /// Revokes the app's active sessions that the selector names.
    /// - Returns: How many were revoked.
    /// - Throws: ``ServiceError`` `app-not-found`.
    public func revokeSessions(app: String, _ selector: SessionSelector) async throws -> Int {
        try await requireAdminApp(app)
        return try await repository.revokeSessions(appID: app, selector, at: now())
    }

    /// The outbox's state, for `launchgate mail status`.
    public func outboxStatus() async throws -> OutboxStatus {
        try await repository.outboxStatus()
    }

    /// The outbox as someone with `scope` may see it: below admin, the console's operator
    /// sign-in mail is left out of the counts and failures, since they would tell which
    /// addresses are operators' (only an operator's address gets mail).
    public func outboxStatus(visibleTo scope: TokenScope) async throws -> OutboxStatus {
        try await repository.outboxStatus(excludingApp: scope >= .admin ? nil : OperatorSignIn.appID)
    }

    /// Replaces an app's sign-in settings.
    /// - Throws: ``ServiceError`` `app-not-found`; ``SignInServiceError`` `invalid_settings` for a
    ///   code length outside 4 to 10 or a template that doesn't parse.
    public func saveSettings(_ settings: SignInSettings) async throws {
        try await requireAdminApp(settings.appID)
        guard SignInSettings.codeLengths.contains(settings.codeLength) else {
            throw SignInServiceError.invalidSettings("the code length must be 4 to 10 digits; NIST SP 800-63B asks for at least 6")
        }
        try MailTemplates.validate(settings)
        try await repository.saveSettings(settings)
        settingsCache.forget(app: settings.appID)
    }

    /// The admin API's error for an unknown app, in its own vocabulary.
    private func requireAdminApp(_ app: String) async throws {
        guard try await policies.appExists(app) else { throw ServiceError.appNotFound(app) }
    }
}
