import Foundation
import LaunchGateStorage
import Logging
import Metrics

/// Webhooks for operators and for the domain services: adding, listing and removing endpoints,
/// their deliveries, test events and redeliveries, and, as the server's ``WebhookEvents``, queuing
/// what the services report. ``WebhookWorker`` sends what is queued.
public struct WebhookService: WebhookEvents {
    /// Where endpoints and deliveries are kept.
    public let repository: any WebhookRepository
    package let apps: any LaunchGateRepository
    package let masterKey: @Sendable () throws -> MasterKey
    package let random: any RandomSource
    package let now: @Sendable () -> Date
    /// The bounds on endpoints, payloads and queues.
    public let limits: WebhookLimits
    /// Which URLs endpoints may have.
    public let policy: WebhookAddressPolicy
    package let logger: Logger

    /// Creates the service.
    /// - Parameters:
    ///   - repository: Endpoints and deliveries.
    ///   - apps: To check that an app exists.
    ///   - masterKey: Seals and opens endpoints' secrets.
    ///   - random: Draws secrets and IDs.
    ///   - now: The clock.
    ///   - limits: The bounds.
    ///   - policy: The URL and address checks.
    ///   - logger: For events that could not be queued.
    public init(repository: any WebhookRepository, apps: any LaunchGateRepository, masterKey: @escaping @Sendable () throws -> MasterKey,
                random: any RandomSource = SystemRandomSource(), now: @escaping @Sendable () -> Date = Date.init,
                limits: WebhookLimits = WebhookLimits(), policy: WebhookAddressPolicy = WebhookAddressPolicy(), logger: Logger) {
        self.repository = repository
        self.apps = apps
        self.masterKey = masterKey
        self.random = random
        self.now = now
        self.limits = limits
        self.policy = policy
        self.logger = logger
    }

    /// An endpoint just added, with its secret: the only time the secret is shown.
    public struct Added: Sendable {
        /// The endpoint as stored.
        public let endpoint: WebhookEndpointRecord
        /// Its signing secret.
        public let secret: WebhookSecret
    }

    /// Adds an endpoint to an app.
    /// - Parameters:
    ///   - appID: The app.
    ///   - url: https (http only when private addresses are allowed).
    ///   - events: Event type names; empty for all.
    /// - Throws: ``WebhookError`` for a URL or event refused, ``WebhookStorageError`` past the
    ///   limit, ``ServiceError`` `appNotFound`.
    public func add(appID: String, url: String, events: [String]) async throws -> Added {
        let url = try await policy.checkNewEndpoint(url).absoluteString
        var types: [String] = []
        for name in events.map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let type = WebhookEventType(rawValue: name), type != .test else { throw WebhookError.unknownEvent(name) }
            if !types.contains(type.rawValue) { types.append(type.rawValue) }
        }
        try await requireApp(appID)
        let secret = WebhookSecret(random: random)
        let endpoint = WebhookEndpointRecord(id: makeID("whe_"), appID: appID, url: url, events: types,
                                             sealedSecret: try masterKey().seal(secret.key), createdAt: now())
        try await repository.addEndpoint(endpoint, limit: limits.endpointsPerApp)
        return Added(endpoint: endpoint, secret: secret)
    }

    /// An app's active endpoints.
    /// - Throws: ``ServiceError`` `appNotFound`, as adding to it does, rather than an empty list.
    public func endpoints(appID: String) async throws -> [WebhookEndpointRecord] {
        try await requireApp(appID)
        return try await repository.endpoints(appID: appID)
    }

    /// `whsec_` and the first characters of an endpoint's secret: enough to tell which secret a
    /// receiver holds, far too few to sign with. `nil` when the secret can't be opened.
    public func secretPrefix(of endpoint: WebhookEndpointRecord) -> String? {
        guard let key = try? masterKey().open(endpoint.sealedSecret) else { return nil }
        return String(WebhookSecret(key: key).text.prefix(WebhookSecret.prefix.count + 4)) + "…"
    }

    /// Removes an endpoint; its pending deliveries fail.
    /// - Throws: ``WebhookStorageError`` `endpointNotFound`.
    public func remove(appID: String, id: String) async throws {
        guard try await repository.disableEndpoint(id: id, appID: appID, at: now()) else { throw WebhookStorageError.endpointNotFound(id) }
    }

    /// Queues a `webhook.test` event for one endpoint, whatever its filter.
    /// - Returns: The delivery, or `nil` when the endpoint's queue is full.
    /// - Throws: ``WebhookStorageError`` `endpointNotFound`.
    public func test(appID: String, id: String) async throws -> WebhookDeliveryRecord? {
        guard let endpoint = try await repository.endpoint(id: id), endpoint.appID == appID, endpoint.isActive else {
            throw WebhookStorageError.endpointNotFound(id)
        }
        let event = try makeEvent(.test, appID: appID, data: ["endpoint": id], occurredAt: now())
        return try await enqueue(event, endpointID: id).queued.first
    }

    /// An app's deliveries, newest first.
    /// - Throws: ``ServiceError`` `appNotFound`.
    public func deliveries(appID: String, failedOnly: Bool, limit: Int = 100) async throws -> [WebhookDeliveryRecord] {
        try await requireApp(appID)
        return try await repository.deliveries(appID: appID, failedOnly: failedOnly, limit: min(max(1, limit), 1000))
    }

    private func requireApp(_ appID: String) async throws {
        guard try await apps.app(id: appID) != nil else { throw ServiceError.appNotFound(appID) }
    }

    /// Sends a delivery's event again to its endpoint, with the same `webhook-id`.
    /// - Returns: The new delivery, or `nil` when the endpoint's queue is full.
    public func redeliver(appID: String, deliveryID: String) async throws -> WebhookDeliveryRecord? {
        let delivery = try await repository.redeliver(id: deliveryID, appID: appID, newID: makeID("whd_"),
                                                      limit: limits.pendingPerEndpoint, at: now())
        if delivery == nil { Self.dropped.increment() }
        return delivery
    }

    public func emit<Payload: Encodable & Sendable>(_ type: WebhookEventType, appID: String, data: Payload, occurredAt: Date) async {
        guard let pending = prepare(type, appID: appID, data: data, occurredAt: occurredAt) else { return }
        do { try await pending.enqueue() } catch { unqueued(type, appID: appID, error) }
    }

    public func prepare<Payload: Encodable & Sendable>(_ type: WebhookEventType, appID: String, data: Payload,
                                                       occurredAt: Date) -> PendingWebhookEvent? {
        let event: WebhookEvent
        do { event = try makeEvent(type, appID: appID, data: data, occurredAt: occurredAt) } catch {
            unqueued(type, appID: appID, error)
            return nil
        }
        let (random, logger, repository) = (random, logger, repository)
        return PendingWebhookEvent(event: event, repository: repository, limit: limits.pendingPerEndpoint,
                                   makeID: { "whd_" + random.bytes(16).lowercaseHex },
                                   reportDrops: { await Self.countDrops($0, of: event, repository: repository, logger: logger) })
    }

    /// An event with a new ID and its payload rendered.
    /// - Throws: ``WebhookError`` `payloadTooLarge`.
    package func makeEvent<Payload: Encodable & Sendable>(_ type: WebhookEventType, appID: String, data: Payload,
                                                          occurredAt: Date) throws -> WebhookEvent {
        let body = try WebhookPayload(type: type.rawValue, timestamp: occurredAt, data: data).rendered()
        guard body.utf8.count <= limits.payloadBytes else { throw WebhookError.payloadTooLarge(bytes: body.utf8.count, limit: limits.payloadBytes) }
        return WebhookEvent(id: makeID("msg_"), appID: appID, type: type.rawValue, payload: body, occurredAt: occurredAt)
    }

    private func enqueue(_ event: WebhookEvent, endpointID: String?) async throws -> WebhookEnqueueResult {
        let random = random
        let result = try await repository.enqueue(event, endpointID: endpointID, limit: limits.pendingPerEndpoint) {
            "whd_" + random.bytes(16).lowercaseHex
        }
        await Self.countDrops(result, of: event, repository: repository, logger: logger)
        return result
    }

    private func unqueued(_ type: WebhookEventType, appID: String, _ error: any Error) {
        Self.unqueued.increment()
        logger.error("a webhook event could not be queued", metadata: ["app": "\(appID)", "type": "\(type.rawValue)", "error": "\(error)"])
    }

    /// Counts and logs the endpoints whose full queue dropped the event, once what it reports has
    /// committed, and adds to their drop counts in a write of its own: best effort, since the
    /// metric and the log already have it (review s14, K4).
    private static func countDrops(_ result: WebhookEnqueueResult, of event: WebhookEvent, repository: any WebhookRepository,
                                   logger: Logger) async {
        guard !result.droppedFor.isEmpty else { return }
        dropped.increment(by: result.droppedFor.count)
        logger.warning("webhook queues are full; the event was dropped for them",
                       metadata: ["app": "\(event.appID)", "type": "\(event.type)", "endpoints": "\(result.droppedFor.joined(separator: ","))"])
        do { try await repository.countDrops(endpointIDs: result.droppedFor) } catch {
            logger.warning("could not add to the endpoints' drop counts", metadata: ["endpoints": "\(result.droppedFor)", "error": "\(error)"])
        }
    }

    private func makeID(_ prefix: String) -> String { prefix + random.bytes(16).lowercaseHex }

    static let dropped = Counter(label: "launchgate_webhook_dropped_total")
    static let unqueued = Counter(label: "launchgate_webhook_unqueued_total")
}
