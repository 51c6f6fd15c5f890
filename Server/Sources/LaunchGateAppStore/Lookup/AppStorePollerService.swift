import ServiceLifecycle

/// Runs the poller under `serve`'s service group: looks for due links every ``AppStorePollerConfiguration/tick``
/// until the group shuts down.
public struct AppStorePollerService: Service {
    private let poller: AppStorePoller
    private let tick: Duration
    private let sleep: @Sendable (Duration) async throws -> Void
    private let shutdown: @Sendable () async throws -> Void

    /// Creates the service.
    /// - Parameters:
    ///   - poller: The poller.
    ///   - tick: How often due links are looked for.
    ///   - sleep: Waits; injected so tests don't wait.
    ///   - shutdown: Closes the poller's HTTP client once the loop has stopped.
    public init(poller: AppStorePoller, tick: Duration = AppStorePollerConfiguration().tick,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                shutdown: @escaping @Sendable () async throws -> Void = {}) {
        self.poller = poller
        self.tick = tick
        self.sleep = sleep
        self.shutdown = shutdown
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await poller.pollDue()
                do { try await sleep(tick) } catch { break }
            }
        }
        try await shutdown()
    }
}
