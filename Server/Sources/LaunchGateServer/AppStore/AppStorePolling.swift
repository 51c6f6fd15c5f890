import Foundation
import LaunchGateAppStore
import Logging
import ServiceLifecycle

/// `serve`'s App Store poller, following Apple's phased release through App Store Connect. Its one
/// HTTP client, shared by the lookup and App Store Connect, is made when the service runs and shut down when
/// it stops: an AsyncHTTPClient dropped without a shutdown traps in debug builds, and an
/// application built but never run (as tests do) must not make one.
struct AppStorePolling: Service {
    let components: ServerComponents
    let lookupURL: URL
    let connectURL: AppStoreConnectURL
    let configuration: AppStorePollerConfiguration
    let logger: Logger

    func run() async throws {
        let client = HTTPClientConnectTransport.makeClient()
        let phased = components.phasedReleaseService(connectURL: connectURL, transport: HTTPClientConnectTransport(client: client), logger: logger)
        let poller = components.appStorePoller(lookupURL: lookupURL, configuration: configuration,
                                               transport: AsyncHTTPAppStoreTransport(client: client), phased: phased, logger: logger)
        try await AppStorePollerService(poller: poller, tick: configuration.tick, shutdown: { try await client.shutdown() }).run()
    }
}
