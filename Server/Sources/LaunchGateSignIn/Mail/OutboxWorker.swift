import Foundation
import LaunchGateStorage
import Logging
import ServiceLifecycle
import Tracing

/// Delivers the outbox: claims due messages, renders them and hands them to the transport,
/// retrying temporary failures with backoff and recording permanent ones. Every instance runs
/// one; claims keep them from sending a message twice, and the outbox being in the database
/// means a restart or an SMTP outage delays mail without losing it.
///
/// ``SignInSweeper`` deletes what sign-in no longer needs, finished mail among it.
public struct OutboxWorker: Service {
    package let signIn: SignInService
    package let apps: any LaunchGateRepository
    package let transport: any MailTransport
    package let sender: MailSender
    package let pollInterval: Duration
    package let logger: Logger
    /// How long a claimed message stays hidden from other instances: 3 minutes, or twice the
    /// transport's longest delivery when that is longer.
    package var lease: TimeInterval { max(180, 2 * longestDelivery) }
    /// Messages claimed at once: 10, or one for each delivery allowed at once when that is more,
    /// so that `--mail-deliveries-at-once` past 10 has a message for each of them.
    package var batch: Int { max(10, deliveriesAtOnce) }
    /// Deliveries under way at once, each on its own connection: one at a time, a mail server that
    /// takes 0.8 s a message (a 100 ms round trip per command) delivered 1.3 a second, so a flood of
    /// sends within the app's caps left a sign-in's mail queued past its code's life (re-attack N1).
    package let deliveriesAtOnce: Int
    /// ``deliveriesAtOnce`` unless `serve --mail-deliveries-at-once` says otherwise.
    public static let defaultDeliveriesAtOnce = 4
    /// The most `serve --mail-deliveries-at-once` takes: each delivery holds a connection to the
    /// mail server, which past a few dozen from one sender starts refusing or slowing them.
    public static let maximumDeliveriesAtOnce = 64

    private var repository: any SignInRepository { signIn.repository }
    private var longestDelivery: TimeInterval {
        let (seconds, attoseconds) = transport.longestDelivery.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
    private var now: @Sendable () -> Date { signIn.now }

    /// Creates the worker.
    /// - Parameters:
    ///   - signIn: The service whose outbox, keys and clock it uses.
    ///   - apps: For the app's display name in the mail.
    ///   - transport: Where mail goes.
    ///   - sender: The `From`.
    ///   - pollInterval: How often to look for mail queued by other instances (this one's wakes it at once).
    ///   - logger: For delivery failures.
    ///   - deliveriesAtOnce: Deliveries under way at once (at least 1).
    public init(signIn: SignInService, apps: any LaunchGateRepository, transport: any MailTransport, sender: MailSender,
                pollInterval: Duration = .seconds(1), logger: Logger, deliveriesAtOnce: Int = defaultDeliveriesAtOnce) {
        self.deliveriesAtOnce = max(1, deliveriesAtOnce)
        self.signIn = signIn
        self.apps = apps
        self.transport = transport
        self.sender = sender
        self.pollInterval = pollInterval
        self.logger = logger
    }

    /// Delivers until the service group shuts down.
    public func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            var full = false
            do {
                full = try await deliverDue() == batch
            } catch {
                logger.warning("the outbox could not be read; trying again", metadata: ["error": "\(error)"])
            }
            if !full { await signIn.signal.wait(atMost: pollInterval) }
        }
    }

    /// Claims the messages due now and tries each once, ``deliveriesAtOnce`` at a time, starting
    /// each while the claim has time left for a delivery. Those it has no time for stay claimed
    /// until the claim lapses, and are then tried by whichever instance claims them: never by two
    /// at once.
    /// - Returns: How many were claimed.
    @discardableResult
    public func deliverDue() async throws -> Int {
        let (claimedAt, lease) = (now(), lease)
        let messages = try await repository.claimDueMail(at: claimedAt, lease: lease, limit: batch)
        // Apps' names, looked up once a batch rather than once a message (a failed lookup is
        // tried again by the delivery, whose failure is then a retry).
        var names: [String: String] = [:]
        for appID in Set(messages.map(\.appID)) { names[appID] = try? await appName(appID) }
        await withTaskGroup(of: Void.self) { group in
            for (index, message) in messages.enumerated() {
                if index >= deliveriesAtOnce { await group.next() }
                guard now().timeIntervalSince(claimedAt) + longestDelivery <= lease else {
                    logger.warning("deliveries are slow; the rest of the batch waits for its claim to lapse",
                                   metadata: ["left": "\(messages.count - index)"])
                    break
                }
                group.addTask { [names] in await deliver(message, name: names[message.appID]) }
            }
        }
        return messages.count
    }

    /// What the mail calls the app: its name, or for the console's operators (codes under an ID no
    /// app can have) the console's.
    private func appName(_ appID: String) async throws -> String {
        appID == OperatorSignIn.appID ? Self.consoleName : try await apps.app(id: appID)?.name ?? appID
    }

    /// One delivery in its span (``Telemetry``): the app, the attempt and how it ended; never the
    /// address or the code.
    private func deliver(_ message: OutboxMessage, name known: String?) async {
        var attributes = SpanAttributes()
        attributes["launchgate.app"] = message.appID
        attributes["launchgate.mail.attempt"] = message.attempts
        await Telemetry.withSpan("mail.deliver", kind: .client, attributes: attributes) { span in
            let outcome = await attempt(message, name: known)
            span.attributes["launchgate.mail.outcome"] = outcome
            if outcome != "sent" { span.setStatus(.init(code: .error)) }
        }
    }

    /// Tries one message once. - Returns: `sent`, `failed` (for good), `retry` or `expired`.
    private func attempt(_ message: OutboxMessage, name known: String?) async -> String {
        let now = now()
        guard let sealed = message.sealedCode, now < message.codeExpiresAt else {
            await finish(message, .expired, error: message.lastError)
            return "expired"
        }
        do {
            var name = known ?? ""
            if known == nil { name = try await appName(message.appID) }
            let mail = try await render(message, appName: name, code: try signIn.secrets.open(sealed), at: now)
            try await transport.send(mail)
            await finish(message, .sent, error: nil)
            return "sent"
        } catch let error as MailDeliveryError where error.isPermanent {
            logger.warning("mail refused for good", metadata: ["message": "\(message.id)", "app": "\(message.appID)", "error": "\(error)"])
            // The console's own sign-in mail belongs to no app. The event is stored with the
            // message's end, in one transaction.
            let event = message.appID == OperatorSignIn.appID ? nil
                : signIn.events.prepare(.mailFailed, appID: message.appID,
                                        data: MailFailedEventData(app: message.appID, email: message.email, error: String(error.message.prefix(300))),
                                        occurredAt: now)
            await finish(message, .failed, error: error.message, event: event)
            return "failed"
        } catch {
            let text = (error as? MailDeliveryError)?.message ?? "\(error)"
            let next = now.addingTimeInterval(Self.backoff(afterAttempt: message.attempts))
            logger.warning("mail not delivered; will retry", metadata: [
                "message": "\(message.id)", "attempt": "\(message.attempts)", "error": "\(text.prefix(300))",
            ])
            // A retry after the code's expiry would deliver a dead code.
            guard next < message.codeExpiresAt else {
                await finish(message, .expired, error: text)
                return "expired"
            }
            do { try await repository.retryMail(id: message.id, error: text, nextAttemptAt: next) } catch {
                logger.warning("could not reschedule mail; its claim lapses and it is tried again", metadata: ["error": "\(error)"])
            }
            return "retry"
        }
    }

    /// What the console's own sign-in mail calls the "app": "123456 is your LaunchGate console sign-in code".
    package static let consoleName = "LaunchGate console"

    private func render(_ message: OutboxMessage, appName name: String, code: String, at now: Date) async throws -> MailMessage {
        let settings = try await signIn.cachedSettings(app: message.appID, at: now)
        let lifetime = message.codeExpiresAt.timeIntervalSince(now)
        let rendered: MailTemplates.Rendered
        do {
            rendered = try MailTemplates.render(appName: name, code: code, lifetime: lifetime, email: message.email, settings: settings)
        } catch {
            // Overrides are checked when saved; one edited by hand must not stop the mail.
            logger.error("an app's mail template does not render; the built-in one is used", metadata: ["app": "\(message.appID)", "error": "\(error)"])
            rendered = try MailTemplates.render(appName: name, code: code, lifetime: lifetime, email: message.email, settings: nil)
        }
        let domain = sender.address.split(separator: "@").last.map(String.init) ?? "localhost"
        return MailMessage(from: sender, to: message.email, subject: rendered.subject, text: rendered.text, html: rendered.html,
                           date: now, messageID: "<\(message.id).\(message.attempts)@\(domain)>")
    }

    private func finish(_ message: OutboxMessage, _ state: OutboxMessage.State, error: String?, event: PendingWebhookEvent? = nil) async {
        do { try await repository.finishMail(id: message.id, state: state, error: error, event: event, at: now()) } catch {
            logger.warning("could not record a delivery's outcome", metadata: ["message": "\(message.id)", "error": "\(error)"])
        }
    }

    /// Seconds before the next attempt: 5, 10, 20, 40… up to 5 minutes.
    package static func backoff(afterAttempt attempt: Int) -> TimeInterval {
        min(300, 5 * pow(2, Double(max(0, attempt - 1))))
    }
}
