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

    public func operatorLatest(app: String, platform: Platform) async throws -> AppVersion? {
        // Newest first, a page at a time: an operator's revision is usually a few App Store ones back.
        var through = try await policies.repository.currentRevision(appID: app, channel: .production)?.number ?? 0
        while through > 0 {
            let page = try await policies.repository.revisions(appID: app, channel: .production, through: through, limit: 50)
            if let own = page.first(where: { $0.note != AppStorePollerConfiguration.note }) {
                return try UpdatePolicy(json: own.document).platforms[platform]?.latest?.version
            }
            guard let oldest = page.map(\.number).min() else { return nil }
            through = oldest - 1
        }
        return nil
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
