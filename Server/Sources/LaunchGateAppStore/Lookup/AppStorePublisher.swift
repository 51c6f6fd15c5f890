import LaunchGate
import LaunchGateStorage

/// How the poller reads and publishes the production policy it follows the store into. The
/// server's implementation publishes through the adoption service, so the publish guard sees a
/// change the store made as it sees an operator's; this target doesn't depend on adoption.
public protocol AppStorePublisher: Sendable {
    /// The app's current production policy and its revision number; `nil` when none is published.
    func current(app: String) async throws -> (revision: Int, policy: UpdatePolicy)?
    /// Publishes `policy` as a new revision with the reason "App Store", only if `expectedRevision`
    /// (0: none) is still current and `condition` holds, both checked in the publish's transaction.
    /// - Parameters:
    ///   - condition: The poll's link is still linked (``AppStoreLinkRepository/stillLinked(_:)``), or the unlink's
    ///     link is removed with the withdrawal (``AppStoreLinkRepository/removing(_:)``); `nil` for none.
    ///   - event: The poll's `appstore.changed`, stored in the publish's transaction beside
    ///     `policy.published` (``PendingWebhookEvent``), so the pair commits together.
    /// - Throws: ``AppStorePublishRefusal`` when the guard or validation refuses it; `ServiceError`
    ///   `publish-race` when another publish (another instance's poll of the same change) came first,
    ///   or `condition` no longer holds.
    func publish(_ policy: UpdatePolicy, app: String, expectedRevision: Int, condition: PublishCondition?,
                 event: (@Sendable (PolicyRevision) -> PendingWebhookEvent?)?) async throws
    /// A condition that holds while `revision` (0: none) is still the app's current production
    /// revision, for an unlink's removal (``AppStoreLinkRepository/remove(_:if:)``), checked in its transaction.
    func unchanged(app: String, revision: Int) -> PublishCondition
    /// The `latest` of `platform` in the newest revision an operator published (one whose reason isn't
    /// the App Store's), whether none did, or whether the search stopped before finding one: a fresh link's
    /// first poll measures jumps from it, not from a `latest` the poller itself published and never trusted
    /// (review s15b, N7).
    func operatorLatest(app: String, platform: Platform) async throws -> OperatorLatest
}

extension AppStorePublisher {
    /// The current policy's `latest`, for publishers that keep no authors.
    public func operatorLatest(app: String, platform: Platform) async throws -> OperatorLatest {
        (try await current(app: app)?.policy.platforms[platform]?.latest?.version).map { .found($0) } ?? .notFound
    }
}

/// A publish the poller's change can't go through until an operator acts: the guard wants it
/// confirmed, or the policy would be invalid. Recorded in the link's status, not retried at once.
public struct AppStorePublishRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why, for the operator.
    public let reason: String

    /// Creates a refusal.
    public init(reason: String) { self.reason = reason }

    public var description: String { reason }
}
