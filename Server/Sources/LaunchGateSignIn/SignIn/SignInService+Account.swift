import Foundation
import LaunchGateStorage

extension SignInService {
    // MARK: Account deletion

    /// Deletes the account a bearer token signs in to (App Store Review Guideline 5.1.1(v)):
    /// the user, its sessions, codes, mail, failure counts, known networks and the rate limits
    /// that name its address, in one transaction, leaving only a count in the day's deletions.
    /// The token is refused at once afterwards, and the address signs up again as a new user.
    /// - Parameters:
    ///   - app: The app.
    ///   - token: The session's bearer token.
    ///   - deviceID: The device the session was issued to, when the client sends it.
    /// - Throws: ``SignInServiceError`` `not_found` or `unauthorized` (a session ended or already
    ///   deleted, or one of a concurrent deletion that lost the race).
    public func deleteAccount(app: String, token: String?, deviceID: String? = nil) async throws {
        let (_, user) = try await session(app: app, token: token, deviceID: deviceID)
        let deletion = configuration.deletion(app: app, userID: user.id, email: user.email, by: .user)
        guard try await repository.deleteUser(deletion, event: deletedEvent(user, by: .user), at: now()) else { throw SignInServiceError.unauthorized }
    }

    /// The `user.deleted` event, queued in the deletion's own transaction.
    func deletedEvent(_ user: UserRecord, by requester: DeletionRequester) -> PendingWebhookEvent? {
        events.prepare(.userDeleted, appID: user.appID, data: UserEventData(app: user.appID, user: user.id, email: user.email, by: requester.rawValue),
                       occurredAt: now())
    }

    /// An app's deletions per UTC day and requester over the last `days` days, today included,
    /// oldest first: all the console's users page shows of deleted accounts.
    /// - Throws: ``ServiceError`` `app-not-found`.
    public func deletions(app: String, days: Int = 30) async throws -> [DailyDeletions] {
        guard try await policies.appExists(app) else { throw ServiceError.appNotFound(app) }
        return try await repository.deletions(appID: app, since: now().addingTimeInterval(-Double(max(days, 1) - 1) * 86_400))
    }
}
