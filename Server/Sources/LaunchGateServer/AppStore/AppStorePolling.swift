import Foundation
import LaunchGateAppStore
import Logging
import ServiceLifecycle

/// `serve`'s App Store poller. Its HTTP client is made when the service runs and shut down when
/// it stops: an AsyncHTTPClient dropped without a shutdown traps in debug builds, and an
/// application built but never run (as tests do) must not make one.
struct AppStorePolling: Service {
    let components: ServerComponents
    let lookupURL: URL
    let configuration: AppStorePollerConfiguration
    let logger: Logger

    func run() async throws {
        let transport = AsyncHTTPAppStoreTransport()
        let poller = components.appStorePoller(lookupURL: lookupURL, configuration: configuration, transport: transport, logger: logger)
        try await AppStorePollerService(poller: poller, tick: configuration.tick, shutdown: { try await transport.shutdown() }).run()
    }
}
