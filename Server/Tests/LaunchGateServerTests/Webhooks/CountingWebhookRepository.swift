import Foundation
import Synchronization
@testable import LaunchGateStorage

/// A ``WebhookRepository`` that counts the claims it passes on to another.
final class CountingWebhookRepository: WebhookRepository {
    let base: any WebhookRepository
    private let count = Mutex(0)
    private let failing = Mutex<Int?>(nil)

    init(_ base: any WebhookRepository) { self.base = base }

    /// Claims asked for so far.
    var claims: Int { count.withLock { $0 } }

    /// Makes every claim after the first `claims` throw.
    func failClaims(after claims: Int) { failing.withLock { $0 = claims } }

    func claimDue(at now: Date, lease: TimeInterval, limit: Int) async throws -> [WebhookDeliveryRecord] {
        let claim = count.withLock { $0 += 1; return $0 }
        if let after = failing.withLock({ $0 }), claim > after { throw StorageError.unavailable("the outbox is unreachable") }
        return try await base.claimDue(at: now, lease: lease, limit: limit)
    }

    func addEndpoint(_ endpoint: WebhookEndpointRecord, limit: Int) async throws { try await base.addEndpoint(endpoint, limit: limit) }
    func endpoint(id: String) async throws -> WebhookEndpointRecord? { try await base.endpoint(id: id) }
    func endpoints(appID: String) async throws -> [WebhookEndpointRecord] { try await base.endpoints(appID: appID) }
    func disableEndpoint(id: String, appID: String, at now: Date) async throws -> Bool {
        try await base.disableEndpoint(id: id, appID: appID, at: now)
    }
    func enqueue(_ event: WebhookEvent, endpointID: String?, limit: Int,
                 makeID: @escaping @Sendable () -> String) async throws -> WebhookEnqueueResult {
        try await base.enqueue(event, endpointID: endpointID, limit: limit, makeID: makeID)
    }
    func countDrops(endpointIDs: [String]) async throws { try await base.countDrops(endpointIDs: endpointIDs) }
    func redeliver(id: String, appID: String, newID: String, limit: Int, at now: Date) async throws -> WebhookDeliveryRecord? {
        try await base.redeliver(id: id, appID: appID, newID: newID, limit: limit, at: now)
    }
    func retry(id: String, attempt: Int, status: Int?, error: String, nextAttemptAt: Date) async throws {
        try await base.retry(id: id, attempt: attempt, status: status, error: error, nextAttemptAt: nextAttemptAt)
    }
    func finish(id: String, attempt: Int, state: WebhookDeliveryRecord.State, status: Int?, error: String?, at now: Date) async throws {
        try await base.finish(id: id, attempt: attempt, state: state, status: status, error: error, at: now)
    }
    func delivery(id: String, appID: String) async throws -> WebhookDeliveryRecord? { try await base.delivery(id: id, appID: appID) }
    func deliveries(appID: String, failedOnly: Bool, limit: Int) async throws -> [WebhookDeliveryRecord] {
        try await base.deliveries(appID: appID, failedOnly: failedOnly, limit: limit)
    }
    func prune(createdBefore cutoff: Date) async throws -> Int { try await base.prune(createdBefore: cutoff) }
}
