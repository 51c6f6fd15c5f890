import Foundation
import LaunchGateStorage
import Logging
import ServiceLifecycle

/// Forgets installs not seen for ``AdoptionConfiguration/retentionDays``, once per UTC day.
///
/// A service of its own, not part of ``InstallRecorder``: with recording off
/// (`--no-record-installs`) nothing new is written, but what was recorded before must still
/// age out as the retention promises.
public struct InstallRetention: Service {
    private let repository: any InstallRepository
    /// The prompt funnel's storage, pruned with the installs so its prompted installs age out alike.
    private let funnel: (any FunnelRepository)?
    private let retentionDays: Int
    private let interval: Duration
    private let now: @Sendable () -> Date
    private let logger: Logger

    /// Creates the service.
    /// - Parameter interval: How often it looks whether a new UTC day has begun.
    public init(repository: any InstallRepository, funnel: (any FunnelRepository)? = nil, retentionDays: Int, interval: Duration = .seconds(60),
                now: @escaping @Sendable () -> Date, logger: Logger = Logger(label: "launchgate.installs")) {
        self.repository = repository
        self.funnel = funnel
        self.retentionDays = retentionDays
        self.interval = interval
        self.now = now
        self.logger = logger
    }

    /// Prunes at once, then whenever the UTC day changes, until the service group shuts down.
    public func run() async throws {
        var prunedDay: Int?
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            prunedDay = await prune(after: prunedDay)
            // Woken by shutdown, so stopping the server doesn't wait out the interval.
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }

    /// Prunes when today is not `prunedDay`.
    /// - Returns: The day pruned for (today), or `prunedDay` again when pruning failed, so it is retried.
    package func prune(after prunedDay: Int?) async -> Int? {
        let day = InstallDay.of(now())
        guard day != prunedDay else { return prunedDay }
        do {
            try await repository.prune(before: day - retentionDays + 1)
            try await funnel?.prune(before: day - retentionDays + 1)
            return day
        } catch {
            logger.warning("could not forget old installs: \(error)")
            return prunedDay
        }
    }
}
