import Foundation
import LaunchGate
import Logging
import Metrics
import ServiceLifecycle

/// Records which version each install runs, off the request path: requests append raw header
/// values to a ``SightingBuffer``; ``run()`` folds it into storage every few seconds.
///
/// A fold keeps one sighting per distinct header value (an install asking a hundred times
/// is parsed and hashed once), reads the fields the SDK sends, replaces the install ID with its
/// HMAC (``InstallIDHasher``) and writes in transactions of
/// ``AdoptionConfiguration/sightingsPerTransaction``. Nothing but the app, platform, version,
/// build, OS, the HMAC and the time reaches storage: no address, no device ID, no account.
public struct InstallRecorder: Service {
    let buffer: SightingBuffer
    private let repository: any InstallRepository
    private let hasher: InstallIDHasher
    private let configuration: AdoptionConfiguration
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let invalid: Counter
    private let failed: Counter
    private let recorded: Counter

    /// Creates a recorder.
    public init(repository: any InstallRepository, hasher: InstallIDHasher, configuration: AdoptionConfiguration,
                now: @escaping @Sendable () -> Date, logger: Logger = Logger(label: "launchgate.installs")) {
        // Counters made before the metrics system is bootstrapped would count nowhere.
        _ = metricsRegistry
        self.buffer = SightingBuffer(capacity: configuration.bufferBytes)
        invalid = Counter(label: "launchgate_install_sightings_invalid_total")
        failed = Counter(label: "launchgate_install_sightings_unsaved_total")
        recorded = Counter(label: "launchgate_install_sightings_recorded_total")
        self.repository = repository
        self.hasher = hasher
        self.configuration = configuration
        self.now = now
        self.logger = logger
    }

    /// Notes a request's `LaunchGate-Client` value for `app`; nothing else happens on the request path.
    /// - Returns: `false` when the buffer was full and the sighting was dropped.
    @discardableResult
    func note(app: String, header: String) -> Bool { buffer.append(app: app, header: header) }

    /// Folds until the service group shuts down, then folds what is left once more.
    public func run() async throws {
        var last = ContinuousClock.now
        var prunedDay: Int?
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(100))
            guard buffer.isHalfFull || ContinuousClock.now - last >= configuration.foldInterval else { continue }
            last = ContinuousClock.now
            await fold()
            let day = InstallDay.of(now())
            if day != prunedDay {
                prunedDay = day
                do { try await repository.prune(before: day - configuration.retentionDays + 1) } catch {
                    logger.warning("could not forget old installs: \(error)")
                }
            }
        }
        await fold()
    }

    /// Folds everything buffered into storage now.
    /// - Returns: How many sightings were written.
    @discardableResult
    public func fold() async -> Int {
        let sightings = self.sightings(from: buffer.drain(), at: now())
        var written = 0
        for chunk in sightings.chunked(max(configuration.sightingsPerTransaction, 1)) {
            do {
                try await repository.record(Array(chunk))
                written += chunk.count
            } catch {
                // Dropped, not retried: a database that is down must not grow the process.
                failed.increment(by: Int64(chunk.count))
                logger.warning("could not record \(chunk.count) installs: \(error)")
            }
        }
        recorded.increment(by: Int64(written))
        return written
    }

    /// Distinct, valid sightings from buffered entries, in the order each was last seen.
    func sightings(from entries: [(app: String, header: String)], at time: Date) -> [InstallSighting] {
        var last: [String: Int] = [:]
        last.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() { last[entry.app + "\u{0}" + entry.header] = index }
        var sightings: [InstallSighting] = []
        sightings.reserveCapacity(last.count)
        var rejected = 0
        for index in last.values.sorted() {
            let entry = entries[index]
            guard let sighting = sighting(app: entry.app, header: entry.header, at: time) else {
                rejected += 1
                continue
            }
            sightings.append(sighting)
        }
        if rejected > 0 { invalid.increment(by: Int64(rejected)) }
        // One per install: different values can name one install (it updated meanwhile); the last wins.
        var latest: [String: Int] = [:]
        for (index, sighting) in sightings.enumerated() { latest[sighting.appID + "\u{0}" + sighting.platform.rawValue + "\u{0}" + sighting.installHash] = index }
        return latest.count == sightings.count ? sightings : latest.values.sorted().map { sightings[$0] }
    }

    /// A sighting from one header value, or `nil` when it lacks a valid version, platform or install ID.
    private func sighting(app: String, header: String, at time: Date) -> InstallSighting? {
        guard let fields = ClientHeader.parse(header), let install = fields.install, !install.isEmpty,
              let version = fields.version.flatMap({ try? AppVersion(parsing: $0) }),
              let platform = fields.platform.flatMap({ try? Platform(validating: $0) }),
              let hash = try? hasher.hash(installID: install, app: app) else { return nil }
        // A build or OS that doesn't parse is recorded as unknown rather than losing the install.
        let build = fields.build.flatMap { try? BuildNumber(parsing: $0) }?.description ?? ""
        let os = fields.os.flatMap { try? AppVersion(parsing: $0) }?.description ?? ""
        return InstallSighting(appID: app, platform: platform, installHash: hash, version: version.description,
                               build: build, os: os, at: time)
    }
}
