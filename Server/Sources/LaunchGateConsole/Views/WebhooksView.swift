import Foundation
import LaunchGateStorage

/// The webhooks page: the app's endpoints (their secrets never, past the add that shows one once,
/// only its first characters), with add, remove and a test event, and the recent deliveries,
/// failures first, each of which can be sent again.
struct WebhooksView: ConsoleView {
    package struct Endpoint: ConsoleView {
        package let id: String
        package let url: String
        package let events: String
        /// `whsec_` and the secret's first characters, to tell endpoints' secrets apart.
        package let secretPrefix: String
        package let dropped: Int
        package let added: String

        package init(_ record: WebhookEndpointRecord, secretPrefix: String?) {
            (id, url, events) = (record.id, record.url, record.events.isEmpty ? "all" : record.events.joined(separator: ", "))
            (self.secretPrefix, dropped, added) = (secretPrefix ?? "sealed", record.dropped, ConsoleFigures.date(record.createdAt))
        }
    }

    package struct Delivery: ConsoleView {
        package let id: String
        package let endpoint: String
        package let type: String
        package let state: String
        package let failed: Bool
        package let attempts: Int
        package let status: String
        /// When a pending delivery is tried next; empty once it is finished.
        package let nextAttempt: String
        /// The endpoint's answer or the transport's error, as stored: Mustache escapes it.
        package let lastError: String
        package let queued: String

        package init(_ record: WebhookDeliveryRecord) {
            (id, endpoint, type, state) = (record.id, record.endpointID, record.type, record.state.rawValue)
            (failed, attempts, status) = (record.state == .failed, record.attempts, record.lastStatus.map(String.init) ?? "")
            nextAttempt = record.state == .pending ? ConsoleFigures.date(record.nextAttemptAt) : ""
            (lastError, queued) = (record.lastError ?? "", ConsoleFigures.date(record.createdAt))
        }
    }

    /// An endpoint just added, with its secret, shown this once.
    package struct Added: ConsoleView {
        package let id: String
        package let url: String
        package let secret: String
    }

    package let app: String
    package let appName: String
    package let notice: String?
    package let added: Added?
    package let endpoints: [Endpoint]
    package let deliveries: [Delivery]
    package let eventTypes: [ConsoleOption]
    /// The add form's URL as sent.
    package let url: String
    package let error: String?
    package let urlError: String?
    package let eventsError: String?

    /// - Parameters:
    ///   - failed: The app's newest failed deliveries, newest first, however old.
    ///   - recent: Its newest deliveries of any state, newest first; those also in `failed` are listed once.
    package init(app: AppRecord, endpoints: [Endpoint], failed: [WebhookDeliveryRecord], recent: [WebhookDeliveryRecord], added: Added?,
                 notice: String?, form: ConsoleForm?, error: ConsoleFormError?) {
        (self.app, appName, self.notice, self.added, self.endpoints) = (app.id, app.name, notice, added, endpoints)
        // Failures first, each group newest first as stored: what needs an operator comes first.
        // A recent failure missing from `failed` is older than all of those, so it goes after them.
        let failedIDs = Set(failed.map(\.id))
        let failures = failed + recent.filter { $0.state == .failed && !failedIDs.contains($0.id) }
        self.deliveries = (failures + recent.filter { $0.state != .failed }).map(Delivery.init)
        let chosen = Set(form?.all("events") ?? [])
        eventTypes = WebhookEventType.allCases.filter { $0 != .test }.map { ConsoleOption(value: $0.rawValue, selected: chosen.contains($0.rawValue)) }
        url = form?.raw("url") ?? ""
        (self.error, urlError, eventsError) = (error?.message(for: nil), error?.message(for: .url), error?.message(for: .events))
    }
}
