import Foundation

/// Everything passwordless sign-in stores: settings, the sealed code secret, codes, users,
/// sessions, per-address state, rate-limit events and the mail outbox.
///
/// ``MemorySignInRepository`` and ``SQLSignInRepository`` (SQLite and PostgreSQL) implement it, and
/// one contract suite runs against all three. Every method that decides (claims, consumes, counts)
/// is atomic across instances sharing one database, so limits hold for the whole deployment.
public protocol SignInRepository: Sendable {
    // MARK: Settings

    /// An app's settings, or `nil` when it uses the defaults.
    func settings(appID: String) async throws -> SignInSettings?
    /// Stores an app's settings, replacing earlier ones.
    func saveSettings(_ settings: SignInSettings) async throws

    // MARK: Secrets

    /// The sealed secret stored under `name`, storing `candidate` first when there is none.
    ///
    /// Two instances starting at once each propose a candidate; both get the one that was stored first.
    func secret(named name: String, orStore candidate: String, at now: Date) async throws -> String

    // MARK: Codes

    /// Stores a new code for its address and network, replacing that network's earlier one with
    /// its attempts (and no other network's), and queues its mail, in one transaction: a code is
    /// never stored without its mail, nor mail without its code. Mail still waiting with the
    /// replaced code is ended.
    func issueCode(_ code: SignInCodeRecord, mail: OutboxMessage) async throws
    /// Claims one attempt on the code `network` asked for at the address: adds one to its
    /// attempts, atomically, if it is unused, unexpired, and has fewer than `maxAttempts`.
    /// - Returns: The code after the claim, or `nil` when no code can be tried (none, used,
    ///   expired or out of attempts: the caller can't tell which, and neither can its client).
    func claimAttempt(appID: String, email: String, network: String, maxAttempts: Int, at now: Date) async throws -> SignInCodeRecord?
    /// The address's live codes, every network's: unused, unexpired, with fewer than `maxAttempts`
    /// tries. A verify compares the digits with each (the phone may have changed network since it asked).
    func liveCodes(appID: String, email: String, maxAttempts: Int, at now: Date) async throws -> [SignInCodeRecord]
    /// Consumes a code (whichever network asked for it) and signs its address in, in one
    /// transaction: marks the code used if it still is unused and unexpired; creates the user
    /// (with `newUserID`) or updates its last sign-in; stores the session; and clears the failure
    /// count of `network`, the one that typed the code.
    /// - Returns: `nil` when the code was used, replaced or expired meanwhile: of two concurrent
    ///   verifies of one code, exactly one gets a completion.
    func completeSignIn(codeID: String, appID: String, email: String, network: String, newUserID: String, grant: SessionGrant,
                        at now: Date) async throws -> SignInCompletion?

    /// Consumes a code without signing anyone in to an app (the console's operators, who are no
    /// app's users): marks it used if it still is an unused, unexpired code of the address with
    /// this ID, and clears `network`'s failure count there, in one transaction.
    /// - Returns: `false` when the code was used, replaced or expired meanwhile: of two concurrent
    ///   verifies of one code, exactly one gets `true`.
    func consumeCode(id: String, appID: String, email: String, network: String, at now: Date) async throws -> Bool

    // MARK: Requests, each one transaction

    /// A whole send-code in one transaction, each step as its own method does it: refuses an
    /// address locked for the code's network; reports (``takeDeliveryFailure(appID:email:)``) an
    /// unreported permanent failure; when the network has no code at the address and the address
    /// holds ``CodeRequest/liveCodesPerAddress`` live codes, finds the oldest past
    /// ``CodeRequest/codeHold`` to make room (refusing, `rateLimited` until the oldest is that
    /// old, when none is); charges each limit (``recordEvent(key:rules:at:)``) in order; then
    /// deletes the code it makes room from, with its waiting mail, and stores the code with its
    /// mail (``issueCode(_:mail:)``). It stops at the first step that refuses; a send refused by a
    /// limit, or past the room (no ``CodeRequest/long``), keeps none of its charges (attack s11,
    /// A7), while a delivery failure, once reported, stays reported.
    func requestCode(_ request: CodeRequest, at now: Date) async throws -> CodeRequestOutcome
    /// A whole verify-code in one transaction: refuses an address locked for the attempt's network;
    /// answers `wrong`, storing nothing, when the address has no live code of the attempt's length
    /// (``liveCodes(appID:email:maxAttempts:at:)``; attack s11, A6); claims a try of the network's own
    /// code of that length (``claimAttempt(appID:email:network:maxAttempts:at:)``) when it has one,
    /// and compares with it; then, for other networks' codes, charges each limit in order and pays
    /// the room, and compares the attempt's hash, in constant time, with at most
    /// ``CodeAttempt/comparedCodes`` codes in all, the newest (``ComparedCodes``); on a match signs in
    /// with that code (``completeSignIn(codeID:appID:email:network:newUserID:grant:at:)``); otherwise
    /// counts the network's failure (``recordFailure(appID:email:network:threshold:lockout:at:)``).
    /// A guess the room refuses with no long code to compare spends none of the charges (attack s11, A4),
    /// and one a charge refuses none of the charges before it (attack s12, B6). `newUserEvent` makes
    /// the `user.created` webhook event, called and queued in the same transaction only when the
    /// sign-in created the user (``PendingWebhookEvent``): a wrong guess renders no event (review s14, K16).
    func attemptCode(_ attempt: CodeAttempt, newUserEvent: (@Sendable () -> PendingWebhookEvent?)?, at now: Date) async throws -> CodeAttemptOutcome

    // MARK: Addresses

    /// Whether the address signed in from `network` within ``KnownNetworks/forgetAfter`` before
    /// `now`. A right code remembers its network, in ``completeSignIn(codeID:appID:email:network:newUserID:grant:at:)``,
    /// ``consumeCode(id:appID:email:network:at:)`` and the verify of ``attemptCode(_:at:)``, keeping
    /// ``KnownNetworks/kept`` networks per address.
    func isKnownNetwork(appID: String, email: String, network: String, at now: Date) async throws -> Bool
    /// A network's failure count and lock at the address; a fresh state for one never seen.
    func addressState(appID: String, email: String, network: String) async throws -> AddressState
    /// Counts a failed verify from a network. At `threshold` failures in a row the address locks
    /// for that network (and no other) until `now + lockout`, and the count starts again.
    /// - Returns: The network's state after counting.
    func recordFailure(appID: String, email: String, network: String, threshold: Int, lockout: TimeInterval,
                       at now: Date) async throws -> AddressState

    // MARK: Rate limits

    /// Records one event under `key` if every rule allows one more, atomically across instances.
    /// - Returns: `nil` when the event was recorded; otherwise the seconds until every rule would
    ///   allow it (and nothing was recorded, so waiting clients don't extend their own wait).
    func recordEvent(key: String, rules: [RateLimitRule], at now: Date) async throws -> TimeInterval?
    /// Records a charge's ``RateLimitCharge/count`` events at once if every rule allows one more
    /// (``ShortCodeRoom/charge(_:)`` makes them allow all), atomically across instances, as
    /// ``recordEvent(key:rules:at:)`` records one: the console's operator sign-in pays its room so.
    /// - Returns: `nil` when they were recorded; otherwise the seconds until every rule would
    ///   allow one more (and nothing was recorded).
    func record(_ charge: RateLimitCharge, at now: Date) async throws -> TimeInterval?
    /// Records every charge of `charges` (each its ``RateLimitCharge/count`` events) if each of
    /// their rules allows them, or none, atomically across instances: a request refused by one of
    /// its limits spends none of the others (attack s12, B6: the console's refused guesses each
    /// stored their network's share).
    /// - Returns: `nil` when all were recorded; otherwise the wait of the first in order that
    ///   refused (and nothing was recorded).
    func record(all charges: [RateLimitCharge], at now: Date) async throws -> TimeInterval?
    /// The time of the newest event recorded under `key`, or `nil` when none is kept (never
    /// recorded, or swept).
    func lastEvent(key: String) async throws -> Date?

    // MARK: Sessions

    /// The session with this token hash and its user, active or not.
    func session(tokenHash: String) async throws -> (SessionRecord, UserRecord)?
    /// Revokes the active session with this token hash. - Returns: `false` when there was none.
    func revokeSession(tokenHash: String, at now: Date) async throws -> Bool
    /// Revokes an app's active sessions that the selector names. - Returns: How many.
    func revokeSessions(appID: String, _ selector: SessionSelector, at now: Date) async throws -> Int
    /// A user's sessions, newest first, revoked and expired ones included.
    func sessions(appID: String, userID: String) async throws -> [SessionRecord]

    // MARK: Users

    /// An app's users ordered by address, after `email` when given, at most `limit`.
    func users(appID: String, after email: String?, limit: Int) async throws -> [UserRecord]
    /// One user by ID.
    func user(appID: String, id: String) async throws -> UserRecord?
    /// One user by normalised address.
    func user(appID: String, email: String) async throws -> UserRecord?
    /// Deletes a user and everything kept about the address in the app, in one transaction: codes,
    /// sessions, queued and past mail, every network's failure count and lock, the networks it
    /// signed in from, and the rate-limit keys the deletion names; and counts the deletion in
    /// its day (``deletions(appID:since:)``), which is all that is left of it.
    /// `event`, the `user.deleted` webhook event, is queued in the same transaction, and only when
    /// there was a user to delete (``PendingWebhookEvent``).
    /// - Returns: `false` when there was no such user (deleted meanwhile, say), and nothing changed.
    func deleteUser(_ deletion: AccountDeletion, event: PendingWebhookEvent?, at now: Date) async throws -> Bool
    /// An app's deletions per UTC day and requester, from the day holding `since`, oldest first.
    func deletions(appID: String, since: Date) async throws -> [DailyDeletions]

    // MARK: Outbox

    /// Claims up to `limit` pending messages that are due: each gets one more attempt and is
    /// hidden from every other instance until `now + lease`, when it is due again unless finished
    /// or rescheduled (so a crash mid-send delays a message but never loses it). Claimed and
    /// returned in turns (``OutboxMessage/inTurns(_:)``): apps take turns, and within an app its
    /// networks, newest first within each. Behind a backlog (a flood of sends), the code someone
    /// is waiting for now goes out now, and the oldest, which would arrive too late anyway, wait;
    /// and a flood from one network or app takes one slot a round, not the whole claim.
    func claimDueMail(at now: Date, lease: TimeInterval, limit: Int) async throws -> [OutboxMessage]
    /// Schedules another attempt after a temporary failure.
    func retryMail(id: String, error: String, nextAttemptAt: Date) async throws
    /// Ends a message as sent, failed or expired, erasing its sealed code. `event` (`mail.failed`)
    /// is queued in the same transaction, only when the message was still pending
    /// (``PendingWebhookEvent``).
    func finishMail(id: String, state: OutboxMessage.State, error: String?, event: PendingWebhookEvent?, at now: Date) async throws
    /// Marks the address's unreported permanent failures as reported.
    /// - Returns: The newest one's error, or `nil` when there was none to report.
    func takeDeliveryFailure(appID: String, email: String) async throws -> String?
    /// Counts per state and the newest permanent failures, leaving out one app's messages when
    /// asked (the console's operator sign-in mail, which only admins may see counted).
    func outboxStatus(excludingApp: String?) async throws -> OutboxStatus

    // MARK: Upkeep

    /// Deletes what no rule needs any more: rate-limit events before `eventsBefore` (on SQL, the
    /// keys whose newest event is before it, each with its times); codes and
    /// sessions that expired, and finished mail, before `recordsBefore`; address states that
    /// hold neither failures nor a lock; networks no longer known (``KnownNetworks/forgetAfter``).
    /// - Returns: The number of rows deleted.
    @discardableResult
    func sweep(eventsBefore: Date, recordsBefore: Date, at now: Date) async throws -> Int
}

extension SignInRepository {
    /// Counts per state and the newest permanent failures, of every app's messages.
    public func outboxStatus() async throws -> OutboxStatus { try await outboxStatus(excludingApp: nil) }
}

extension SignInRepository {
    /// Ends a message with no webhook event.
    package func finishMail(id: String, state: OutboxMessage.State, error: String?, at now: Date) async throws {
        try await finishMail(id: id, state: state, error: error, event: nil, at: now)
    }

    /// A verify-code with no webhook event.
    package func attemptCode(_ attempt: CodeAttempt, at now: Date) async throws -> CodeAttemptOutcome {
        try await attemptCode(attempt, newUserEvent: nil, at: now)
    }

    /// Deletes a user with no webhook event.
    package func deleteUser(_ deletion: AccountDeletion, at now: Date) async throws -> Bool {
        try await deleteUser(deletion, event: nil, at: now)
    }
}
