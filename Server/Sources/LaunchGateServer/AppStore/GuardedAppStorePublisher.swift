import LaunchGate
import LaunchGateAdoption
import LaunchGateAppStore
import LaunchGatePolicies
import LaunchGateStorage

/// Publishes the poller's changes to the production policy through the adoption service, so the
/// publish guard judges a change the App Store made as it judges an operator's; a refusal is
/// handed back as an ``AppStorePublishRefusal`` for the link's status, never confirmed here.
public struct GuardedAppStorePublisher: AppStorePublisher {
    private let policies: PolicyService
    private let adoption: AdoptionService

    /// Creates a publisher.
    /// - Parameters:
    ///   - policies: Reads the current policy.
    ///   - adoption: The guarded publish.
    public init(policies: PolicyService, adoption: AdoptionService) {
        self.policies = policies
        self.adoption = adoption
    }

    public func current(app: String) async throws -> (revision: Int, policy: UpdatePolicy)? {
        do {
            let (revision, policy) = try await policies.current(app: app, channel: .production)
            return (revision.number, policy)
        } catch let error as ServiceError where error.code == "no-policy" {
            return nil
        }
    }

    public func unchanged(app: String, revision: Int) -> PublishCondition {
        policies.repository.atRevision(appID: app, channel: .production, number: revision)
    }

    public func operatorLatest(app: String, platform: Platform) async throws -> OperatorLatest {
        let repository = policies.repository
        guard let current = try await repository.currentRevision(appID: app, channel: .production)?.number else { return .notFound }
        return try await Self.operatorLatest(platform: platform, through: current) { through, limit in
            try await repository.revisions(appID: app, channel: .production, through: through, limit: limit)
        }
    }

    /// The `latest` of the newest revision in which an operator introduced it: an operator's revision
    /// whose `latest` differs from the revision before it and isn't one an older App Store revision
    /// carried as its latest. An operator's edit that only carries the `latest` the poller took untrusted
    /// (an edit of the notes after an untrusted 7.0.0, review s16 P3), an edit of another platform, or a
    /// rollback to a revision the poller wrote (attack s16, 1) isn't a choice of it, so it doesn't launder
    /// that version into a fresh link's baseline. ``OperatorLatest/notFound``, for the first poll to measure
    /// from its lowest answer, when the whole history holds no such revision, or a revision's document doesn't
    /// decode, which must not fail every first poll of the link; ``OperatorLatest/beyondReach`` when none is
    /// found within `pages` pages (the history read stays bounded) and older revisions went unread, so 500
    /// unrelated edits can't turn the fallback into the lowest answer (attack s16b, B).
    /// - Parameters:
    ///   - through: The newest revision's number.
    ///   - page: At most `limit` revisions numbered `through` or lower, newest first.
    static func operatorLatest(platform: Platform, through: Int, pages: Int = 10, pageSize: Int = 50,
                               page: (_ through: Int, _ limit: Int) async throws -> [PolicyRevision]) async throws -> OperatorLatest {
        // Newest first: whether the poller wrote the revision, and its latest.
        var history: [(number: Int, poller: Bool, latest: AppVersion?)] = []
        var through = through
        for _ in 0..<pages where through > 0 {
            let revisions = try await page(through, pageSize).sorted { $0.number > $1.number }
            for revision in revisions {
                guard let policy = try? UpdatePolicy(json: revision.document) else { return .notFound }
                history.append((revision.number, revision.note == AppStorePollerConfiguration.note, policy.platforms[platform]?.latest?.version))
            }
            guard let oldest = revisions.last?.number else { through = 0; break }
            through = oldest - 1
        }
        // Revisions left unread may hold the operator's choice.
        let none: OperatorLatest = through > 0 ? .beyondReach : .notFound
        for (index, revision) in history.enumerated() where !revision.poller {
            let older = history[(index + 1)...]
            // The first revision has no predecessor; one whose predecessor wasn't read can't be judged.
            guard let previous = older.first else { return revision.number == 1 ? revision.latest.map { .found($0) } ?? .notFound : none }
            guard previous.latest != revision.latest, !older.contains(where: { $0.poller && $0.latest == revision.latest }) else { continue }
            return revision.latest.map { .found($0) } ?? .notFound
        }
        return none
    }

    public func publish(_ policy: UpdatePolicy, app: String, expectedRevision: Int, condition: PublishCondition?,
                        event: (@Sendable (PolicyRevision) -> PendingWebhookEvent?)?) async throws {
        do {
            _ = try await adoption.publish(policy, app: app, channel: .production, author: AppStorePollerConfiguration.author,
                                           note: AppStorePollerConfiguration.note, confirmed: false, expectedRevision: expectedRevision,
                                           condition: condition, event: event)
        } catch let error as AdoptionError where error.refusal != nil {
            throw AppStorePublishRefusal(reason: error.message)
        } catch let error as ServiceError where error.code == "invalid-policy" {
            throw AppStorePublishRefusal(reason: error.description)
        }
    }
}
