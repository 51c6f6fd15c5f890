import Logging
import LaunchGateAppStore
import Foundation

extension ServerComponents {
    /// The App Store poller over these components: their links, and their guarded publish.
    /// - Parameters:
    ///   - lookupURL: The iTunes lookup's base URL.
    ///   - configuration: Interval and backoff.
    ///   - transport: The HTTP client.
    ///   - phased: Follows Apple's phased release into the rollout; `nil` leaves the rollout alone.
    ///   - logger: Where failures are logged.
    public func appStorePoller(lookupURL: URL = AppStoreLookupClient.defaultBaseURL,
                               configuration: AppStorePollerConfiguration = AppStorePollerConfiguration(),
                               transport: any AppStoreHTTPTransport, phased: PhasedReleaseService? = nil, logger: Logger) -> AppStorePoller {
        AppStorePoller(links: appStoreLinks, lookup: AppStoreLookupClient(transport: transport, baseURL: lookupURL),
                       publisher: GuardedAppStorePublisher(policies: policies, adoption: adoption), configuration: configuration,
                       phased: phased, events: webhooks, now: now, logger: logger)
    }

    /// Apple's phased release over these components' App Store Connect keys.
    /// - Parameters:
    ///   - connectURL: App Store Connect's API, or a fake's.
    ///   - transport: The HTTP client.
    ///   - logger: Where failures are logged.
    public func phasedReleaseService(connectURL: AppStoreConnectURL, transport: any AppStoreConnectTransport, logger: Logger) -> PhasedReleaseService {
        PhasedReleaseService(keys: appStoreConnectKeys,
                             client: AppStoreConnectClient(baseURL: connectURL, transport: transport, tokens: AppStoreConnectTokens(now: now)),
                             now: now, logger: logger)
    }
}

extension ServerComponents {
    /// Linking and unlinking platforms to the App Store.
    public var appStoreLinkService: AppStoreLinkService { AppStoreLinkService(links: appStoreLinks, policies: policies, now: now) }
}
