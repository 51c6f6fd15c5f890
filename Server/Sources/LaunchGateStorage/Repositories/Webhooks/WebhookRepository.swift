import Foundation

/// Where webhook endpoints and their deliveries are kept: ``MemoryWebhookRepository`` and
/// ``SQLWebhookRepository`` (SQLite and PostgreSQL), held to one contract suite.
///
/// A claim is fenced by the attempt it started: ``retry(id:attempt:status:error:nextAttemptAt:)``
/// and ``finish(id:attempt:state:status:error:at:)`` change a delivery only while its attempts are
/// still that number, so an instance whose lease lapsed can't overwrite what the next claimer did.
public protocol WebhookRepository: Sendable {
    /// Adds an endpoint.
    /// - Throws: ``WebhookStorageError`` `tooManyEndpoints` when the app has `limit` active ones;
    ///   ``ServiceError`` `appNotFound` when there is no such app.
    func addEndpoint(_ endpoint: WebhookEndpointRecord, limit: Int) async throws
    /// The endpoint with that ID, active or removed.
    func endpoint(id: String) async throws -> WebhookEndpointRecord?
    /// An app's active endpoints, oldest first.
    func endpoints(appID: String) async throws -> [WebhookEndpointRecord]
    /// Removes an active endpoint of the app; its pending deliveries fail.
    /// - Returns: Whether there was one.
    func disableEndpoint(id: String, appID: String, at now: Date) async throws -> Bool
    /// Queues `event` for each active endpoint of its app that receives its type (or for the one
    /// endpoint `endpointID`, whatever its filter). An endpoint with `limit` pending gets none and
    /// is named in the result; its drop count is left to ``countDrops(endpointIDs:)``, which the
    /// caller runs once the change the event reports has committed (review s14, K4).
    /// - Returns: The deliveries queued, and the endpoints that dropped it.
    func enqueue(_ event: WebhookEvent, endpointID: String?, limit: Int,
                 makeID: @escaping @Sendable () -> String) async throws -> WebhookEnqueueResult
    /// Adds one to each endpoint's drop count (an ID twice, two), in a short write of its own:
    /// never inside a client's change, whose transaction would hold the endpoint's row.
    func countDrops(endpointIDs: [String]) async throws
    /// Queues a delivery's event again for its endpoint, with the same event ID.
    /// - Returns: The new delivery, or `nil` when the endpoint already has `limit` pending.
    /// - Throws: ``WebhookStorageError`` `deliveryNotFound` when the app has no such delivery,
    ///   `endpointNotFound` when its endpoint was removed.
    func redeliver(id: String, appID: String, newID: String, limit: Int, at now: Date) async throws -> WebhookDeliveryRecord?
    /// Claims up to `limit` due deliveries until `now + lease`, counting an attempt on each: for
    /// each endpoint without a delivery under lease, its oldest due one (by `nextAttemptAt`, then
    /// ID), so at most one delivery per endpoint is in flight and a stalled endpoint holds up only itself.
    func claimDue(at now: Date, lease: TimeInterval, limit: Int) async throws -> [WebhookDeliveryRecord]
    /// Records a failed attempt and when to try again, if the claim is still `attempt`'s.
    func retry(id: String, attempt: Int, status: Int?, error: String, nextAttemptAt: Date) async throws
    /// Marks a delivery delivered or failed, if the claim is still `attempt`'s.
    func finish(id: String, attempt: Int, state: WebhookDeliveryRecord.State, status: Int?, error: String?, at now: Date) async throws
    /// A delivery of the app.
    func delivery(id: String, appID: String) async throws -> WebhookDeliveryRecord?
    /// An app's deliveries, newest first; only failed ones when `failedOnly`.
    func deliveries(appID: String, failedOnly: Bool, limit: Int) async throws -> [WebhookDeliveryRecord]
    /// Deletes finished deliveries (delivered or failed) queued before `cutoff`; pending ones stay.
    /// - Returns: How many were deleted.
    func prune(createdBefore cutoff: Date) async throws -> Int
}

/// What queuing one event did.
public struct WebhookEnqueueResult: Sendable, Equatable {
    /// One per endpoint that will be sent the event.
    public var queued: [WebhookDeliveryRecord]
    /// The endpoints that were full and didn't get it.
    public var droppedFor: [String]

    /// Creates a result.
    public init(queued: [WebhookDeliveryRecord] = [], droppedFor: [String] = []) {
        self.queued = queued
        self.droppedFor = droppedFor
    }
}
