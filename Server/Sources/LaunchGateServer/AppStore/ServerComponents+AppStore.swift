import Logging
import LaunchGateAppStore
import Foundation
import LaunchGate

extension ServerComponents {
    /// The App Store poller over these components: their links, and their guarded publish.
    /// - Parameters:
    ///   - lookupURL: The iTunes lookup's base URL.
    ///   - configuration: Interval and backoff.
    ///   - transport: The HTTP client.
    ///   - logger: Where failures are logged.
    public func appStorePoller(lookupURL: URL = AppStoreLookupClient.defaultBaseURL,
                               configuration: AppStorePollerConfiguration = AppStorePollerConfiguration(),
                               transport: any AppStoreHTTPTransport, logger: Logger) -> AppStorePoller {
        AppStorePoller(links: appStoreLinks, lookup: AppStoreLookupClient(transport: transport, baseURL: lookupURL),
                       publisher: GuardedAppStorePublisher(policies: policies, adoption: adoption), configuration: configuration,
                       now: now, logger: logger)
    }
}

extension ServerComponents {
    /// Polls one link now, for the admin API's and the console's "sync": with an HTTP client of its
    /// own, closed after the one poll, since syncs are rare and the serve-wide poller's client
    /// belongs to its service.
    /// - Parameters:
    ///   - app: The app's ID.
    ///   - platform: The linked platform.
    ///   - reset: Whether to forget the versions served first.
    ///   - lookupURL: The iTunes lookup's base URL.
    ///   - logger: Where failures are logged.
    /// - Returns: What the poll did.
    /// - Throws: ``AppStoreLinkError`` `appstore-not-linked`.
    public func syncAppStore(app: String, platform: Platform, reset: Bool, lookupURL: URL, logger: Logger) async throws -> AppStorePollOutcome {
        let transport = AsyncHTTPAppStoreTransport()
        let outcome: AppStorePollOutcome
        do {
            outcome = try await appStorePoller(lookupURL: lookupURL, transport: transport, logger: logger).poll(app: app, platform: platform, reset: reset)
        } catch {
            try? await transport.shutdown()
            throw error
        }
        try? await transport.shutdown()
        return outcome
    }
}

extension ServerComponents {
    /// Linking and unlinking platforms to the App Store.
    public var appStoreLinkService: AppStoreLinkService { AppStoreLinkService(links: appStoreLinks, policies: policies, now: now) }
}
