import Logging
import LaunchGateAppStore
import Foundation
import LaunchGate

extension ServerComponents {
    /// The App Store poller over these components: their links, their guarded publish, and the
    /// process's lookup pace.
    /// - Parameters:
    ///   - lookupURL: The iTunes lookup's base URL.
    ///   - configuration: Interval, backoff, deadline and pace.
    ///   - transport: The HTTP client.
    ///   - phased: Follows Apple's phased release into the rollout; `nil` leaves the rollout alone.
    ///   - logger: Where failures are logged.
    public func appStorePoller(lookupURL: URL = AppStoreLookupClient.defaultBaseURL,
                               configuration: AppStorePollerConfiguration = AppStorePollerConfiguration(),
                               transport: any AppStoreHTTPTransport, phased: PhasedReleaseService? = nil, logger: Logger) -> AppStorePoller {
        AppStorePoller(links: appStoreLinks, lookup: AppStoreLookupClient(transport: transport, baseURL: lookupURL),
                       publisher: GuardedAppStorePublisher(policies: policies, adoption: adoption), configuration: configuration,
                       phased: phased, events: webhooks, pacer: appStorePacer, now: now, logger: logger)
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
    /// Polls one link now: the one way `launchgate appstore sync`, the admin API's and the console's
    /// sync run, with the serve-wide poller's rules (`configuration`: its interval, backoff, deadline
    /// and pace), so a sync ends within ``AppStorePollerConfiguration/deadline`` however many
    /// storefronts stall. It makes an HTTP client of its own for the lookup and App Store Connect,
    /// closed after the one poll, since syncs are rare and the serve-wide poller's client belongs to its service.
    /// - Parameters:
    ///   - app: The app's ID.
    ///   - platform: The linked platform.
    ///   - reset: Whether to forget the versions served first.
    ///   - lookupURL: The iTunes lookup's base URL.
    ///   - connectURL: App Store Connect's API, or a fake's; `nil` leaves the rollout alone.
    ///   - configuration: The poller's configuration, as `serve` has it.
    ///   - logger: Where failures are logged.
    ///   - accept: The version an operator accepts (`sync --accept`): its answers are taken and trusted, every floor kept.
    /// - Returns: What the poll did, storefront by storefront.
    /// - Throws: ``AppStoreLinkError`` `invalid-sync` (`reset` with `accept`), `invalid-version` (an implausible `accept`),
    ///   `appstore-not-linked`, `appstore-accept-not-answered`.
    public func syncAppStore(app: String, platform: Platform, reset: Bool, lookupURL: URL, connectURL: AppStoreConnectURL?,
                             configuration: AppStorePollerConfiguration, logger: Logger, accept: AppVersion? = nil) async throws -> AppStorePollReport {
        let client = HTTPClientConnectTransport.makeClient()
        let phased = connectURL.map { phasedReleaseService(connectURL: $0, transport: HTTPClientConnectTransport(client: client), logger: logger) }
        let report: AppStorePollReport
        do {
            report = try await appStorePoller(lookupURL: lookupURL, configuration: configuration, transport: AsyncHTTPAppStoreTransport(client: client),
                                              phased: phased, logger: logger).poll(app: app, platform: platform, reset: reset, manual: true,
                                                                                                  accept: accept)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try? await client.shutdown()
        return report
    }
}

extension ServerComponents {
    /// Linking and unlinking platforms to the App Store; unlinking withdraws `storefronts` through the guarded publish.
    public var appStoreLinkService: AppStoreLinkService {
        AppStoreLinkService(links: appStoreLinks, policies: policies, publisher: GuardedAppStorePublisher(policies: policies, adoption: adoption),
                            now: now)
    }
}
