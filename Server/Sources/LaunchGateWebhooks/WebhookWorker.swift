import Foundation
import LaunchGateStorage
import Logging
import Metrics
import ServiceLifecycle
import Tracing

/// Sends the webhook outbox: claims due deliveries with a lease, signs each with its endpoint's
/// secret and posts it, and records the outcome: 2xx delivered, anything else retried on
/// ``WebhookRetries``'s schedule, then failed. Every instance runs one; the lease keeps two from
/// sending one delivery at once, and the outbox being in the database means a restart or a kill
/// delays deliveries without losing them. A kill between the endpoint's answer and the record of
/// it sends that delivery again once its lease lapses, with the same `webhook-id`, by which
/// receivers drop it (docs/webhooks.md).
public struct WebhookWorker: Service {
    package let service: WebhookService
    package let transport: any WebhookTransport
    package let pollInterval: Duration
    /// Waits between polls; `Task.sleep` but in tests.
    package let sleep: @Sendable (Duration) async throws -> Void
    /// Deliveries under way at once.
    package let deliveriesAtOnce: Int
    /// How long a claim hides a delivery from other instances: twice the longest attempt (its
    /// redirects included, which share its timeout), so no claim lapses while its attempt still runs.
    package let lease: TimeInterval

    private var repository: any WebhookRepository { service.repository }
    private var now: @Sendable () -> Date { service.now }
    private var logger: Logger { service.logger }

    /// Creates the worker.
    /// - Parameters:
    ///   - service: Whose repository, keys and clock it uses.
    ///   - transport: Posts deliveries.
    ///   - attemptTimeout: The transport's longest attempt, redirects included.
    ///   - pollInterval: How often to look for due deliveries.
    ///   - deliveriesAtOnce: Posts under way at once (at least 1).
    ///   - sleep: Waits between polls.
    public init(service: WebhookService, transport: any WebhookTransport, attemptTimeout: Duration = .seconds(10),
                pollInterval: Duration = .seconds(1), deliveriesAtOnce: Int = 4,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.service = service
        self.transport = transport
        self.pollInterval = pollInterval
        self.sleep = sleep
        self.deliveriesAtOnce = max(1, deliveriesAtOnce)
        let attempt = Double(attemptTimeout.components.seconds) + Double(attemptTimeout.components.attoseconds) / 1e18
        lease = max(2, 2 * attempt)
    }

    /// Sends until the service group shuts down: one claim loop hands each due delivery to a
    /// sender of its own, at most ``deliveriesAtOnce`` under way, so a stalled endpoint holds one
    /// sender and the others go on with every other endpoint (attack s14, H2).
    public func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await pruneHourly() }
            group.addTask { _ = try? await send(untilIdle: false) }
        }
    }

    private var running: Bool { !Task.isShuttingDownGracefully && !Task.isCancelled }

    private func pruneHourly() async {
        var pruned: Date?
        while running {
            if pruned.map({ now().timeIntervalSince($0) >= Self.pruneInterval || now() < $0 }) ?? true {
                pruned = now()
                await pruneFinished()
            }
            try? await sleep(pollInterval)
        }
    }

    /// What ended one of the claim loop's tasks.
    private enum Ended: Sendable { case delivery, wait }

    /// The one claim loop: while a sender is free it claims the next due delivery and starts a
    /// sender on it. With nothing due it claims again when a sender is done, and otherwise, when
    /// not `untilIdle`, after ``pollInterval``: an idle instance asks the outbox once per poll, not
    /// once per sender (review s14). `untilIdle`, it returns once nothing is due or under way.
    /// - Returns: How many it tried.
    private func send(untilIdle: Bool) async throws -> Int {
        try await withThrowingTaskGroup(of: Ended.self) { senders in
            var tried = 0, underWay = 0, waiting = false
            while running {
                var idle = false
                while underWay < deliveriesAtOnce, running {
                    let claimed: WebhookDeliveryRecord?
                    do { claimed = try await claim(throwing: untilIdle) } catch {
                        // The sends under way finish first: thrown out of the group they would be cancelled,
                        // each recording a retry and spending an attempt (review s15, M13).
                        while try await senders.next() != nil {}
                        throw error
                    }
                    guard let delivery = claimed else {
                        idle = true
                        break
                    }
                    underWay += 1
                    tried += 1
                    senders.addTask { await deliver(delivery); return .delivery }
                }
                if idle, underWay == 0, untilIdle { break }
                if idle, !untilIdle, !waiting {
                    waiting = true
                    senders.addTask { try? await sleep(pollInterval); return .wait }
                }
                switch try await senders.next() {
                case .delivery?: underWay -= 1
                case .wait?: waiting = false
                case nil: return tried
                }
            }
            return tried
        }
    }

    /// The next due delivery, claimed; `nil` when none is due, or, unless `throwing`, when the
    /// outbox can't be read (the next poll tries again).
    private func claim(throwing: Bool) async throws -> WebhookDeliveryRecord? {
        do {
            return try await repository.claimDue(at: now(), lease: lease, limit: 1).first
        } catch {
            if throwing { throw error }
            logger.warning("the webhook outbox could not be read; trying again", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// How often finished deliveries past their retention are deleted.
    static let pruneInterval: TimeInterval = 3600

    /// Deletes the finished deliveries older than ``WebhookLimits/retention``: the table would
    /// otherwise grow with every sign-up's `user.created` (review s13, G3).
    /// - Returns: How many were deleted; 0 when the outbox can't be read (tried again next time).
    @discardableResult
    public func pruneFinished() async -> Int {
        do {
            return try await repository.prune(createdBefore: now().addingTimeInterval(-service.limits.retention))
        } catch {
            logger.warning("finished webhook deliveries could not be pruned; trying again later", metadata: ["error": "\(error)"])
            return 0
        }
    }

    /// Tries what is due, ``deliveriesAtOnce`` at a time and one per endpoint at a time, until
    /// nothing more is due or under way: the claim loop of ``run()``, without its waits.
    /// - Returns: How many were tried.
    @discardableResult
    public func deliverDue() async throws -> Int {
        try await send(untilIdle: true)
    }

    /// One attempt in its span (``Telemetry``): the event's type, the endpoint, the attempt and the
    /// endpoint's HTTP status; an attempt that got no answer, or no 2xx, marks the span failed.
    /// Never the URL, the body or the secret.
    private func deliver(_ delivery: WebhookDeliveryRecord) async {
        var attributes = SpanAttributes()
        attributes["launchgate.webhook.event_type"] = delivery.type
        attributes["launchgate.webhook.endpoint"] = delivery.endpointID
        attributes["launchgate.webhook.attempt"] = delivery.attempts
        await Telemetry.withSpan("webhook.deliver", kind: .client, attributes: attributes) { span in
            await attempt(delivery, span: span)
        }
    }

    private func attempt(_ delivery: WebhookDeliveryRecord, span: any Span) async {
        let response: WebhookResponse
        do {
            guard let endpoint = try await repository.endpoint(id: delivery.endpointID), endpoint.isActive else {
                span.setStatus(SpanStatus(code: .error, message: WebhookDeliveryRecord.removedEndpointError))
                return await finish(delivery, .failed, status: nil, error: WebhookDeliveryRecord.removedEndpointError)
            }
            guard let url = URL(string: endpoint.url) else {
                return await finish(delivery, .failed, status: nil, error: "the endpoint's URL can't be read")
            }
            let secret = WebhookSecret(key: try service.masterKey().open(endpoint.sealedSecret))
            let body = Data(delivery.payload.utf8)
            let signature = WebhookSignature(body: body, id: delivery.eventID, timestamp: now(), secret: secret)
            response = try await transport.post(to: url, headers: signature.headers, body: body)
        } catch {
            span.recordError(error)
            span.setStatus(SpanStatus(code: .error))
            return await failed(delivery, status: nil, error: (error as? any LaunchGateFailure)?.message ?? "\(error)")
        }
        span.attributes["http.response.status_code"] = response.status
        if response.isSuccess {
            Self.outcomes(.delivered).increment()
            await finish(delivery, .delivered, status: response.status, error: nil)
        } else {
            span.setStatus(SpanStatus(code: .error, message: "HTTP \(response.status)"))
            await failed(delivery, status: response.status, error: "HTTP \(response.status): \(response.body.prefix(200))")
        }
    }

    private func failed(_ delivery: WebhookDeliveryRecord, status: Int?, error: String) async {
        let text = String(error.prefix(500))
        guard let delay = WebhookRetries.delay(afterAttempt: delivery.attempts) else {
            Self.outcomes(.failed).increment()
            logger.warning("webhook delivery failed for good", metadata: ["delivery": "\(delivery.id)", "error": "\(text.prefix(200))"])
            return await finish(delivery, .failed, status: status, error: text)
        }
        Self.outcomes(.retried).increment()
        logger.info("webhook not delivered; will retry", metadata: ["delivery": "\(delivery.id)", "attempt": "\(delivery.attempts)", "error": "\(text.prefix(200))"])
        do {
            try await repository.retry(id: delivery.id, attempt: delivery.attempts, status: status, error: text,
                                       nextAttemptAt: now().addingTimeInterval(delay))
        } catch {
            logger.warning("could not reschedule a webhook delivery; its lease lapses and it is tried again", metadata: ["error": "\(error)"])
        }
    }

    private func finish(_ delivery: WebhookDeliveryRecord, _ state: WebhookDeliveryRecord.State, status: Int?, error: String?) async {
        do { try await repository.finish(id: delivery.id, attempt: delivery.attempts, state: state, status: status, error: error, at: now()) } catch {
            logger.warning("could not record a webhook delivery's outcome", metadata: ["delivery": "\(delivery.id)", "error": "\(error)"])
        }
    }

    private enum Outcome: String { case delivered, retried, failed }

    private static func outcomes(_ outcome: Outcome) -> Counter {
        Counter(label: "launchgate_webhook_deliveries_total", dimensions: [("outcome", outcome.rawValue)])
    }
}
