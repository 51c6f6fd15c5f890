import Foundation

/// The ``WebhookRepository`` in memory, for tests and `serve --memory`. An actor: each method runs
/// whole, so a claim is atomic as the SQL one's single statement is.
public actor MemoryWebhookRepository: WebhookRepository {
    private var endpoints: [String: WebhookEndpointRecord] = [:]
    private var deliveries: [String: WebhookDeliveryRecord] = [:]

    /// Creates an empty repository.
    public init() {}

    public func addEndpoint(_ endpoint: WebhookEndpointRecord, limit: Int) throws {
        guard activeEndpoints(of: endpoint.appID).count < limit else {
            throw WebhookStorageError.tooManyEndpoints(app: endpoint.appID, limit: limit)
        }
        guard endpoints[endpoint.id] == nil else { throw ServiceError.idCollision }
        endpoints[endpoint.id] = endpoint
    }

    public func endpoint(id: String) -> WebhookEndpointRecord? { endpoints[id] }

    public func endpoints(appID: String) -> [WebhookEndpointRecord] { activeEndpoints(of: appID) }

    public func disableEndpoint(id: String, appID: String, at now: Date) -> Bool {
        guard var endpoint = endpoints[id], endpoint.appID == appID, endpoint.isActive else { return false }
        endpoint.disabledAt = now
        endpoints[id] = endpoint
        for (key, delivery) in deliveries where delivery.endpointID == id && delivery.state == .pending {
            deliveries[key]?.state = .failed
            deliveries[key]?.lastError = WebhookDeliveryRecord.removedEndpointError
        }
        return true
    }

    public func enqueue(_ event: WebhookEvent, endpointID: String?, limit: Int,
                        makeID: @escaping @Sendable () -> String) -> WebhookEnqueueResult {
        var result = WebhookEnqueueResult()
        let targets = activeEndpoints(of: event.appID).filter { endpoint in endpointID.map { $0 == endpoint.id } ?? endpoint.receives(event.type) }
        for endpoint in targets {
            guard pendingCount(endpoint.id) < limit else {
                result.droppedFor.append(endpoint.id)
                continue
            }
            let delivery = WebhookDeliveryRecord(id: makeID(), endpointID: endpoint.id, appID: event.appID, eventID: event.id,
                                                 type: event.type, payload: event.payload, createdAt: event.occurredAt)
            deliveries[delivery.id] = delivery
            result.queued.append(delivery)
        }
        return result
    }

    public func countDrops(endpointIDs: [String]) {
        for id in endpointIDs { endpoints[id]?.dropped += 1 }
    }

    public func redeliver(id: String, appID: String, newID: String, limit: Int, at now: Date) throws -> WebhookDeliveryRecord? {
        guard let old = deliveries[id], old.appID == appID else { throw WebhookStorageError.deliveryNotFound(id) }
        guard endpoints[old.endpointID]?.isActive == true else { throw WebhookStorageError.endpointNotFound(old.endpointID) }
        guard pendingCount(old.endpointID) < limit else {
            endpoints[old.endpointID]?.dropped += 1
            return nil
        }
        let delivery = WebhookDeliveryRecord(id: newID, endpointID: old.endpointID, appID: appID, eventID: old.eventID,
                                             type: old.type, payload: old.payload, createdAt: now)
        deliveries[newID] = delivery
        return delivery
    }

    public func claimDue(at now: Date, lease: TimeInterval, limit: Int) -> [WebhookDeliveryRecord] {
        // As the SQL claim: each endpoint's oldest due delivery, and none of an endpoint with one under lease.
        var taken = Set(deliveries.values.filter { $0.state == .pending && $0.leasedUntil > now }.map(\.endpointID))
        let due = deliveries.values.filter { $0.state == .pending && $0.nextAttemptAt <= now }
            .sorted { ($0.nextAttemptAt, $0.id) < ($1.nextAttemptAt, $1.id) }
            .filter { taken.insert($0.endpointID).inserted }.prefix(max(0, limit))
        return due.map { delivery in
            var claimed = delivery
            claimed.attempts += 1
            claimed.leasedUntil = now.addingTimeInterval(lease)
            deliveries[claimed.id] = claimed
            return claimed
        }
    }

    public func retry(id: String, attempt: Int, status: Int?, error: String, nextAttemptAt: Date) {
        guard var delivery = deliveries[id], delivery.state == .pending, delivery.attempts == attempt else { return }
        delivery.lastStatus = status ?? delivery.lastStatus
        delivery.lastError = error
        delivery.nextAttemptAt = nextAttemptAt
        delivery.leasedUntil = .distantPast
        deliveries[id] = delivery
    }

    public func finish(id: String, attempt: Int, state: WebhookDeliveryRecord.State, status: Int?, error: String?, at now: Date) {
        guard var delivery = deliveries[id], delivery.state == .pending, delivery.attempts == attempt else { return }
        delivery.state = state
        delivery.lastStatus = status ?? delivery.lastStatus
        delivery.lastError = error ?? delivery.lastError
        if state == .delivered { delivery.deliveredAt = now }
        delivery.leasedUntil = .distantPast
        deliveries[id] = delivery
    }

    public func delivery(id: String, appID: String) -> WebhookDeliveryRecord? {
        deliveries[id].flatMap { $0.appID == appID ? $0 : nil }
    }

    public func deliveries(appID: String, failedOnly: Bool, limit: Int) -> [WebhookDeliveryRecord] {
        Array(deliveries.values.filter { $0.appID == appID && (!failedOnly || $0.state == .failed) }
            .sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }.prefix(max(0, limit)))
    }

    public func prune(createdBefore cutoff: Date) -> Int {
        let finished = deliveries.values.filter { $0.state != .pending && $0.createdAt < cutoff }.map(\.id)
        for id in finished { deliveries[id] = nil }
        return finished.count
    }

    private func activeEndpoints(of appID: String) -> [WebhookEndpointRecord] {
        endpoints.values.filter { $0.appID == appID && $0.isActive }.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    private func pendingCount(_ endpointID: String) -> Int {
        deliveries.values.count { $0.endpointID == endpointID && $0.state == .pending }
    }
}
