import Foundation
@testable import LaunchGateAdoption
@testable import LaunchGateConsole
@testable import LaunchGateHTTP
@testable import LaunchGatePolicies
@testable import LaunchGateServer
@testable import LaunchGateSignIn
@testable import LaunchGateStorage

/// A sign-in repository whose database is never there: every call fails as unavailable.
struct UnavailableSignInRepository: SignInRepository {
    private var down: StorageError { StorageError.unavailable("no connection to PostgreSQL at test within 3 s") }

    func settings(appID: String) async throws -> SignInSettings? { throw down }
    func saveSettings(_ settings: SignInSettings) async throws { throw down }
    func secret(named name: String, orStore candidate: String, at now: Date) async throws -> String { throw down }
    func issueCode(_ code: SignInCodeRecord, mail: OutboxMessage) async throws { throw down }
    func claimAttempt(appID: String, email: String, network: String, maxAttempts: Int, at now: Date) async throws -> SignInCodeRecord? { throw down }
    func liveCodes(appID: String, email: String, maxAttempts: Int, at now: Date) async throws -> [SignInCodeRecord] { throw down }
    func completeSignIn(codeID: String, appID: String, email: String, network: String, newUserID: String, grant: SessionGrant,
                        at now: Date) async throws -> SignInCompletion? { throw down }
    func consumeCode(id: String, appID: String, email: String, network: String, at now: Date) async throws -> Bool { throw down }
    func requestCode(_ request: CodeRequest, at now: Date) async throws -> CodeRequestOutcome { throw down }
    func attemptCode(_ attempt: CodeAttempt, newUserEvent: (@Sendable () -> PendingWebhookEvent?)?, at now: Date) async throws -> CodeAttemptOutcome { throw down }
    func isKnownNetwork(appID: String, email: String, network: String, at now: Date) async throws -> Bool { throw down }
    func addressState(appID: String, email: String, network: String) async throws -> AddressState { throw down }
    func recordFailure(appID: String, email: String, network: String, threshold: Int, lockout: TimeInterval,
                       at now: Date) async throws -> AddressState { throw down }
    func recordEvent(key: String, rules: [RateLimitRule], at now: Date) async throws -> TimeInterval? { throw down }
    func record(_ charge: RateLimitCharge, at now: Date) async throws -> TimeInterval? { throw down }
    func record(all charges: [RateLimitCharge], at now: Date) async throws -> TimeInterval? { throw down }
    func lastEvent(key: String) async throws -> Date? { throw down }
    func session(tokenHash: String) async throws -> (SessionRecord, UserRecord)? { throw down }
    func revokeSession(tokenHash: String, at now: Date) async throws -> Bool { throw down }
    func revokeSessions(appID: String, _ selector: SessionSelector, at now: Date) async throws -> Int { throw down }
    func sessions(appID: String, userID: String) async throws -> [SessionRecord] { throw down }
    func users(appID: String, after email: String?, limit: Int) async throws -> [UserRecord] { throw down }
    func user(appID: String, id: String) async throws -> UserRecord? { throw down }
    func user(appID: String, email: String) async throws -> UserRecord? { throw down }
    func deleteUser(_ deletion: AccountDeletion, event: PendingWebhookEvent?, at now: Date) async throws -> Bool { throw down }
    func deletions(appID: String, since: Date) async throws -> [DailyDeletions] { throw down }
    func claimDueMail(at now: Date, lease: TimeInterval, limit: Int) async throws -> [OutboxMessage] { throw down }
    func retryMail(id: String, error: String, nextAttemptAt: Date) async throws { throw down }
    func finishMail(id: String, state: OutboxMessage.State, error: String?, event: PendingWebhookEvent?, at now: Date) async throws { throw down }
    func takeDeliveryFailure(appID: String, email: String) async throws -> String? { throw down }
    func outboxStatus(excludingApp: String?) async throws -> OutboxStatus { throw down }
    func sweep(eventsBefore: Date, recordsBefore: Date, at now: Date) async throws -> Int { throw down }
}
