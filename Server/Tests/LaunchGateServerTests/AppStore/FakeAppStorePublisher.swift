import Foundation
import LaunchGate
import Logging
import Testing
@testable import LaunchGateAppStore
@testable import LaunchGateStorage

/// A publisher over an in-memory revision list, refusing what the test says, as the guard would.
/// It checks the condition as a memory repository does, and stores no event.
actor FakeAppStorePublisher: AppStorePublisher {
    private(set) var revisions: [UpdatePolicy] = []
    var refusal: String?
    var raceOnce = false
    var winner: (@Sendable () async -> Void)?
    private var afterNext: (@Sendable () async -> Void)?

    init(_ policy: UpdatePolicy? = nil) { revisions = policy.map { [$0] } ?? [] }

    /// Runs `body` once the next publish is stored, before its poll goes on (to record).
    func afterNextPublish(_ body: @escaping @Sendable () async -> Void) { afterNext = body }

    func refuse(_ reason: String?) { refusal = reason }
    /// Makes the next publish lose a race to `winner`, which runs first (another instance's poll).
    func raceNext(winner: (@Sendable () async -> Void)? = nil) {
        raceOnce = true
        self.winner = winner
    }

    func current(app: String) -> (revision: Int, policy: UpdatePolicy)? { revisions.last.map { (revisions.count, $0) } }

    nonisolated func unchanged(app: String, revision: Int) -> PublishCondition {
        let holds: @Sendable () async throws -> Bool = { [self] in await revisions.count == revision }
        return PublishCondition(sql: { _ in try await holds() }, memory: holds)
    }

    func publish(_ policy: UpdatePolicy, app: String, expectedRevision: Int, condition: PublishCondition?,
                 event: (@Sendable (PolicyRevision) -> PendingWebhookEvent?)?) async throws {
        if raceOnce {
            raceOnce = false
            let winner = winner
            self.winner = nil
            await winner?()
            throw ServiceError.publishRace(app, channel: .production)
        }
        // The guard refuses before the repository's transaction, where the condition is checked (and may act).
        guard expectedRevision == revisions.count else { throw ServiceError.publishRace(app, channel: .production) }
        if let refusal { throw AppStorePublishRefusal(reason: refusal) }
        guard try await condition?.holds() ?? true else { throw ServiceError.publishRace(app, channel: .production) }
        revisions.append(policy)
        await condition?.committed()
        let after = afterNext
        afterNext = nil
        await after?()
    }
}
