import Foundation
import LaunchGateStorage
import Logging
import ServiceLifecycle

/// Keeps several instances on one database coherent: polls the repository's change stamp and
/// drops cached documents when another instance has published. With the default 500 ms interval a publish is visible everywhere within a second.
public struct ChangeWatcher: Service {
    private let repository: any LaunchGateRepository
    private let policies: PolicyService
    private let interval: Duration
    private let logger: Logger

    /// Creates the watcher.
    public init(repository: any LaunchGateRepository, policies: PolicyService, interval: Duration = .milliseconds(500), logger: Logger) {
        self.repository = repository
        self.policies = policies
        self.interval = interval
        self.logger = logger
    }

    /// Polls until the service group shuts down.
    public func run() async throws {
        // Unknown until the first poll, which then always invalidates: a document cached before the
        // watcher started could predate a publish it would otherwise never notice.
        var last: Int?
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            do {
                let stamp = try await repository.changeStamp()
                if stamp != last {
                    logger.debug("policy changed elsewhere; dropping cached documents", metadata: ["stamp": "\(stamp)"])
                    last = stamp
                    await policies.invalidate()
                }
            } catch {
                logger.warning("could not poll for policy changes: \(error)")
            }
            try? await Task.sleep(for: interval)
        }
    }
}
