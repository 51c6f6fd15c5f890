import Foundation
import LaunchGateStorage
import Logging
import ServiceLifecycle

/// Deletes what sign-in no longer needs (rate-limit keys past the longest window, codes and
/// sessions expired and mail finished before the retention period, address states that hold
/// nothing) every ``SignInConfiguration/sweepInterval``.
///
/// A service of its own, not a step of the outbox worker's loop, so mail is delivered while a
/// sweep of a flood's millions of rows runs; and its first sweep comes one interval after
/// start-up, not during it, when the server should be answering its first requests. The
/// repository deletes in short batches (``SQLSignInRepository/sweep(eventsBefore:recordsBefore:at:)``),
/// so requests are served between them.
public struct SignInSweeper: Service {
    private let signIn: SignInService
    /// How long finished mail, expired codes and sessions are kept, for operators.
    package static let retention: TimeInterval = 7 * 86_400
    private let logger: Logger

    /// Creates the sweeper.
    /// - Parameters:
    ///   - signIn: The service whose repository, clock, windows and sweep interval it uses.
    ///   - logger: For what was swept, and for sweeps that failed.
    public init(signIn: SignInService, logger: Logger) {
        self.signIn = signIn
        self.logger = logger
    }

    /// Sweeps every ``SignInConfiguration/sweepInterval`` until the service group shuts down, which also ends a sweep
    /// under way between two batches.
    public func run() async throws {
        let interval = Duration.milliseconds(Int64((signIn.configuration.sweepInterval * 1000).rounded()))
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            // Woken by shutdown, so stopping the server doesn't wait out the interval.
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            guard !Task.isShuttingDownGracefully && !Task.isCancelled else { return }
            do {
                try await cancelWhenGracefulShutdown { _ = try await sweep() }
            } catch {
                // A sweep ended by shutdown failed for no reason worth a warning.
                guard !Task.isShuttingDownGracefully else { return }
                logger.warning("sign-in records could not be swept; trying again at the next interval", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Deletes what sign-in no longer needs, now.
    /// - Returns: The rows deleted.
    @discardableResult
    public func sweep() async throws -> Int {
        let now = signIn.now()
        // Dates the sweep for scripts/reliability/sweep: a request that waits behind its first
        // statement waited behind the sweep, though no row is gone yet.
        logger.debug("sweeping sign-in records")
        let deleted = try await signIn.repository.sweep(eventsBefore: now.addingTimeInterval(-signIn.configuration.longestWindow),
                                                        recordsBefore: now.addingTimeInterval(-Self.retention), at: now)
        if deleted > 0 { logger.debug("swept sign-in records", metadata: ["rows": "\(deleted)"]) }
        return deleted
    }
}
