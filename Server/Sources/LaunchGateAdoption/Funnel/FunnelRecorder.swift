import Foundation
@_spi(LaunchGateServer) import LaunchGate
import LaunchGatePolicies
import LaunchGateStorage
import Logging
import Metrics
import ServiceLifecycle

/// Records the prompt counts install pings carry, off the request path, under the bounds of
/// adoption recording: the ping has already spent its client's budget (``InstallsController``
/// asks before anything else); ``check(app:report:)`` refuses revisions the app never published
/// and caps each count per ping (``perPingCount``); the buffer is bounded; the install ID is
/// stored only as its HMAC (``InstallIDHasher``, as adoption stores it); storage adds counts only
/// from an install's first ping of a day and keeps at most ``FunnelLimits`` prompted installs.
/// Every accepted ping goes through it, with or without counts, so an install prompted earlier
/// is seen when it comes back on a newer version.
public struct FunnelRecorder: Service {
    /// The most of one count a single ping may add: the SDK keeps at most this many between pings.
    public static let perPingCount = PromptFunnel.maximumCount

    package let buffer: FunnelBuffer
    private let repository: any FunnelRepository
    private let hasher: InstallIDHasher
    private let policies: PolicyService
    private let limits: FunnelLimits
    private let foldInterval: Duration
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let dropped = Counter(label: "launchgate_funnel_pings_dropped_total")
    private let repeated = Counter(label: "launchgate_funnel_pings_repeated_total")
    private let capped = Counter(label: "launchgate_funnel_pings_capped_total")

    /// Creates a recorder.
    /// - Parameters:
    ///   - capacity: The most pings held between folds.
    public init(repository: any FunnelRepository, hasher: InstallIDHasher, policies: PolicyService, limits: FunnelLimits = FunnelLimits(),
                capacity: Int = 20_000, foldInterval: Duration = .seconds(2), now: @escaping @Sendable () -> Date,
                logger: Logger = Logger(label: "launchgate.funnel")) {
        self.buffer = FunnelBuffer(capacity: capacity)
        self.repository = repository
        self.hasher = hasher
        self.policies = policies
        self.limits = limits
        self.foldInterval = foldInterval
        self.now = now
        self.logger = logger
    }

    /// The counts of a ping's body, checked: every revision must be one its channel has
    /// published (numbers run 1, 2, 3… per channel, so beta's 3 is not production's 3), and the
    /// counts are capped (``capped(_:)``). Read from the policies' cache, so the request waits on
    /// no database.
    /// - Throws: ``AdoptionError`` `unknown-revision`.
    public func check(app: String, report: FunnelReport) async throws -> [FunnelCounts] {
        var newest: [ReleaseChannel: Int] = [:]
        for channel in Set(report.revisions.map(\.channel)) {
            // A storage error is the server's, answered as such, never as `unknown-revision`: the
            // SDK drops counts refused that way for good (review s14b, L3). Only a channel that has
            // no policy (or an app that doesn't exist) has published no revision.
            do {
                newest[channel] = try await policies.served(app: app, channel: channel).subject?.revision ?? 0
            } catch let error as ServiceError where error.code == "no-policy" || error.code == "app-not-found" {
                newest[channel] = 0
            }
        }
        // Every entry is checked, an empty one too, so a made-up revision gets the documented 400
        // whatever it carries (attack s14, H3); only then are the empty ones left out.
        for counts in report.revisions {
            let top = newest[counts.channel] ?? 0
            guard top > 0, (1...top).contains(counts.revision) else {
                throw AdoptionError.unknownRevision(counts.revision, channel: counts.channel, app: app)
            }
        }
        return report.revisions.filter { !$0.isEmpty }.map(Self.capped)
    }

    /// One revision's counts as they may be added: each at most ``perPingCount``, and no answer
    /// to a prompt more often than prompts were shown. An Update Now tap, a dismissal or a Not Now
    /// needs a prompt on screen, but that prompt may have been counted in the previous day's ping
    /// (the beacon leaves right after the first screen), so a ping without one may still carry
    /// one answer of each kind. Made-up numbers can then claim at most as many answers as prompts.
    package static func capped(_ counts: FunnelCounts) -> FunnelCounts {
        var capped = FunnelCounts(revision: counts.revision, channel: counts.channel, counts: counts.counts.mapValues { min($0, perPingCount) })
        let shown = capped[.banner] + capped[.details] + capped[.recommended] + capped[.required]
        let limits: [(PromptFunnel.Event, Int)] = [
            (.update, shown), (.dismissed, capped[.banner] + capped[.details]), (.notNow, capped[.recommended]),
        ]
        for (event, limit) in limits where capped[event] > 0 { capped[event] = min(capped[event], max(limit, 1)) }
        return capped
    }

    /// Notes an accepted ping for the next fold.
    /// - Returns: `false` when the buffer was full and it was dropped.
    @discardableResult
    package func note(app: String, install: ClientHeader.Install, counts: [FunnelCounts]) -> Bool {
        let entry = FunnelBuffer.Entry(app: app, platform: install.platform, installID: install.installID, version: install.version.description,
                                       day: InstallDay.of(now()), counts: counts)
        guard buffer.append(entry) else {
            dropped.increment()
            return false
        }
        return true
    }

    /// Folds until the service group shuts down, then folds what is left once more.
    public func run() async throws {
        var last = ContinuousClock.now
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(100))
            guard buffer.isHalfFull || ContinuousClock.now - last >= foldInterval else { continue }
            last = ContinuousClock.now
            await fold()
        }
        await fold()
    }

    /// Writes everything buffered now. - Returns: What storage did with it, or `nil` when the write failed.
    @discardableResult
    public func fold() async -> FunnelRecordResult? {
        let entries = buffer.drain()
        guard !entries.isEmpty else { return FunnelRecordResult() }
        let pings = entries.compactMap { entry -> FunnelPing? in
            guard let hash = try? hasher.hash(installID: entry.installID, app: entry.app) else { return nil }
            return FunnelPing(appID: entry.app, platform: entry.platform, installHash: hash, version: entry.version, day: entry.day, counts: entry.counts)
        }
        do {
            let result = try await repository.record(pings, limits: limits)
            if result.repeated > 0 { repeated.increment(by: Int64(result.repeated)) }
            if result.overInstallCap > 0 { capped.increment(by: Int64(result.overInstallCap)) }
            return result
        } catch {
            // Dropped, not kept: a database that is down must not grow the process.
            logger.warning("could not record the prompt counts of \(pings.count) pings: \(error)")
            return nil
        }
    }
}
