import Logging
import LaunchGateAppStore
import Foundation

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
    /// Linking and unlinking platforms to the App Store.
    public var appStoreLinkService: AppStoreLinkService { AppStoreLinkService(links: appStoreLinks, policies: policies, now: now) }
}
