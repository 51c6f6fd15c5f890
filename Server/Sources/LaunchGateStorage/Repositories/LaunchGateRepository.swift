import Foundation
@_spi(LaunchGateServer) import LaunchGate

/// Everything the server stores. ``MemoryRepository`` and ``SQLRepository`` (SQLite and
/// PostgreSQL) implement it, and one contract test suite runs against all of them.
public protocol LaunchGateRepository: Sendable {
    // MARK: Apps

    /// Creates an app.
    /// - Throws: ``ServiceError`` `app-exists` when the ID is taken.
    func createApp(_ app: AppRecord) async throws
    /// One app, or `nil`.
    func app(id: String) async throws -> AppRecord?
    /// Every app, by ID.
    func apps() async throws -> [AppRecord]

    // MARK: Policies

    /// Appends a revision as the app's current policy on a channel, in one transaction.
    ///
    /// The app's exemptions, as read in that transaction, replace any the policy names, so each
    /// revision carries, signed, the list that was current when it was published.
    /// The revision's number is the previous one plus one. Its `issuedAt` is raised above the
    /// previous revision's when needed, so clients' anti-rollback accepts it (a rollback publishes
    /// an old document with a new `issuedAt`).
    /// - Parameter expectedRevision: The revision the caller decided against (0: none yet), checked
    ///   in the same transaction; `nil` to publish whatever is current.
    /// - Parameter condition: Checked in the publish's own transaction before anything is written
    ///   (``PublishCondition``); `nil` for none.
    /// - Parameter events: The webhook events that report the revision, queued in the publish's own
    ///   transaction (``PendingWebhookEvent``), so the revision and its events commit together.
    /// - Returns: The stored revision.
    /// - Throws: ``ServiceError`` `app-not-found`, or `publish-race` when another publish won the
    ///   race, the current revision is not `expectedRevision`, or `condition` no longer holds.
    func publish(appID: String, channel: ReleaseChannel, policy: UpdatePolicy, author: String, note: String?, at now: Date,
                 expectedRevision: Int?, condition: PublishCondition?,
                 events: (@Sendable (PolicyRevision) -> [PendingWebhookEvent])?) async throws -> PolicyRevision
    /// A condition that holds while the channel's newest revision is still `number` (0: none yet), for a
    /// change to another table that must not outlive a publish it didn't see: an App Store unlink's
    /// removal of a link whose storefronts it read empty (review s15, M11), checked in that change's transaction.
    func atRevision(appID: String, channel: ReleaseChannel, number: Int) -> PublishCondition
    /// The newest revision, or `nil` before the first publish.
    func currentRevision(appID: String, channel: ReleaseChannel) async throws -> PolicyRevision?
    /// One revision by number.
    func revision(appID: String, channel: ReleaseChannel, number: Int) async throws -> PolicyRevision?
    /// All revisions, newest first.
    func revisions(appID: String, channel: ReleaseChannel) async throws -> [PolicyRevision]
    /// At most `limit` revisions numbered `through` or lower, newest first: one page of the history.
    func revisions(appID: String, channel: ReleaseChannel, through number: Int, limit: Int) async throws -> [PolicyRevision]
    /// A number that changes with every committed write that changes what is served (apps,
    /// publishes and rollbacks, exemptions, signing keys), on any instance; they poll it to drop stale caches.
    func changeStamp() async throws -> Int

    // MARK: Tokens

    /// Stores a new token.
    func saveToken(_ token: TokenRecord) async throws
    /// One token by its public ID, revoked or not.
    func token(id: String) async throws -> TokenRecord?
    /// Every token, newest first.
    func tokens() async throws -> [TokenRecord]
    /// Records that a token was used at `time`; an earlier time than the one stored changes
    /// nothing, and an unknown ID is no error.
    func recordTokenUse(id: String, at time: Date) async throws
    /// Revokes a token. - Returns: `false` when there is no such active token.
    func revokeToken(id: String, at now: Date) async throws -> Bool

    // MARK: Signing keys

    /// Stores a key: active at once (its `activatedAt` is set to its creation time), or staged,
    /// signing nothing until ``activateSigningKey(id:at:)``.
    func saveSigningKey(_ key: SigningKeyRecord, activate: Bool) async throws
    /// The key activated last, or `nil` before `keys generate`. Staged keys never are.
    func activeSigningKey() async throws -> SigningKeyRecord?
    /// Every key, active, staged and retired, oldest first.
    func signingKeys() async throws -> [SigningKeyRecord]
    /// Makes a stored key the one that signs (a staged key, or an earlier one again).
    /// - Returns: The key as activated, or `nil` when there is no key with that ID.
    func activateSigningKey(id: String, at now: Date) async throws -> SigningKeyRecord?

    // MARK: Exemptions

    /// Adds or replaces an exemption and, in the same transaction, publishes each channel's
    /// current document again with the new list: the exemption is stored only if the documents
    /// that carry it are.
    /// - Throws: ``ServiceError`` `app-not-found`, or `conflict` when a publish won the race.
    func saveExemption(_ exemption: Exemption, author: String, note: String?, at now: Date) async throws
    /// Removes one and republishes likewise. - Returns: `false` when there was none (nothing changes).
    func removeExemption(appID: String, kind: ExemptionKind, value: String, author: String, note: String?, at now: Date) async throws -> Bool
    /// An app's exemptions.
    func exemptions(appID: String) async throws -> [Exemption]
}

extension LaunchGateRepository {
    /// The document a publish stores: the policy with the server's `issuedAt` and the app's
    /// exemptions, as canonical bytes.
    static func stamped(_ policy: UpdatePolicy, after previous: PolicyRevision?, exemptions: [Exemption], now: Date) throws -> (Data, Date) {
        // Whole milliseconds (as stored), strictly after the previous revision, so ordering survives storage.
        let milliseconds = max(now.milliseconds, (previous?.issuedAt.milliseconds ?? .min) + 1)
        let issuedAt = Date(milliseconds: milliseconds)
        var stamped = policy
        stamped.issuedAt = issuedAt
        stamped.exemptions = PolicyExemptions(stored: exemptions)
        // The subject is set per answer when serving; one stored with a PUT (a downloaded
        // ?platform=ios document sent back) would otherwise stick to every later revision.
        stamped.subject = nil
        let document = try stamped.jsonData()
        // Checked here, inside the write's transaction, so no mix of publishes and exemption
        // changes can ever store a document that every app would refuse (and so keep its old,
        // perhaps less strict, policy forever without anyone being told).
        guard document.count <= PolicyReader.maximumSize else {
            throw ServiceError.documentTooLarge(bytes: document.count, limit: PolicyReader.maximumSize)
        }
        return (document, issuedAt)
    }
}

extension LaunchGateRepository {
    /// Publishes over whatever revision is current.
    package func publish(appID: String, channel: ReleaseChannel, policy: UpdatePolicy, author: String, note: String?, at now: Date) async throws -> PolicyRevision {
        try await publish(appID: appID, channel: channel, policy: policy, author: author, note: note, at: now, expectedRevision: nil, condition: nil,
                          events: nil)
    }

    /// Publishes with no webhook event.
    package func publish(appID: String, channel: ReleaseChannel, policy: UpdatePolicy, author: String, note: String?, at now: Date,
                         expectedRevision: Int?) async throws -> PolicyRevision {
        try await publish(appID: appID, channel: channel, policy: policy, author: author, note: note, at: now, expectedRevision: expectedRevision,
                          condition: nil, events: nil)
    }
}
