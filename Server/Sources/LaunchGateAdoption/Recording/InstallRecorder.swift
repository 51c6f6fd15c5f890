import Foundation
@_spi(LaunchGateServer) import LaunchGate
import LaunchGatePolicies
import LaunchGateStorage
import Logging
import Metrics
import ServiceLifecycle

/// Records which version each install runs, off the request path: requests append raw header
/// values to a ``SightingBuffer``, within their client's ``SightingBudget``; ``run()`` folds it
/// into storage every few seconds.
///
/// A fold keeps one sighting per distinct header value (an install asking a hundred times
/// is parsed and hashed once), reads the fields the SDK sends, replaces the install ID with its
/// HMAC (``InstallIDHasher``) and writes in transactions of
/// ``AdoptionConfiguration/sightingsPerTransaction``. Nothing but the app, platform, version,
/// build, OS, the HMAC and the time reaches storage: no address, no device ID, no account.
/// A header that does not describe an install strictly (``ClientHeader/checkedInstall()``) is
/// left out, and storage applies the cap (``AdoptionConfiguration/limits``) and each client's
/// quotas on new installs and groups (``ClientQuotas``) in the same background write, so no check
/// costs a request anything. The versions the apps' policies name are read (from the policies'
/// cache) once per app per fold, so their groups have room past the cap (``InstallLimits/reservedGroups``).
public struct InstallRecorder: Service {
    package let buffer: SightingBuffer
    /// Sightings per client per window, consulted before the buffer.
    package let budget: SightingBudget
    private let recent: RecentSightings
    /// New installs and groups per client per UTC day, which storage spends.
    package let quotas: ClientQuotas
    /// Which versions above the policies' latest have room past a full cap.
    private let nextRelease = NextReleaseRoom()
    /// What each network has taken of the reserve for named versions.
    private let reserveShares = ReserveShares()
    /// Keeps folds one at a time, so that a fold returns only once everything sighted before it
    /// is written: a fold begun while another was writing found the buffer drained and returned
    /// at once, before the sightings it was asked for were stored.
    private let folding = AsyncLock()
    private let policies: PolicyService?
    private let repository: any InstallRepository
    private let hasher: InstallIDHasher
    private let configuration: AdoptionConfiguration
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let invalid: Counter
    private let failed: Counter
    private let recorded: Counter
    /// `launchgate_install_sightings_capped_total` per limit that refused sightings.
    private let capped: [(KeyPath<InstallRecordResult, Int> & Sendable, Counter)]
    private let simulated: Counter

    /// Creates a recorder.
    /// - Parameter policies: Where the versions the policies name are read; `nil` names none.
    public init(repository: any InstallRepository, hasher: InstallIDHasher, configuration: AdoptionConfiguration, policies: PolicyService? = nil,
                now: @escaping @Sendable () -> Date, logger: Logger = Logger(label: "launchgate.installs")) {
        // The composition root bootstraps the metrics system before it makes this (ServerComponents):
        // a counter made before then would count nowhere.
        self.buffer = SightingBuffer(capacity: configuration.bufferBytes, clientPercent: configuration.bufferPercentPerClient,
                                     networkShare: configuration.networkShare, now: now)
        self.budget = SightingBudget(perClient: configuration.sightingsPerClient,
                                     windowSeconds: max(configuration.clientWindow.components.seconds, 1))
        self.recent = RecentSightings(capacity: configuration.recentCapacity)
        self.quotas = ClientQuotas(newGroupsPerDay: configuration.newGroupsPerClient, newInstallsPerDay: configuration.newInstallsPerClient,
                                   networkShare: configuration.networkShare)
        self.policies = policies
        invalid = Counter(label: "launchgate_install_sightings_invalid_total")
        failed = Counter(label: "launchgate_install_sightings_unsaved_total")
        recorded = Counter(label: "launchgate_install_sightings_recorded_total")
        let reasons: [(KeyPath<InstallRecordResult, Int> & Sendable, String)] = [(\.overInstallCap, "installs"), (\.overGroupCap, "groups"),
                                                                                (\.overClientQuota, "client-quota")]
        capped = reasons.map { ($0, Counter(label: "launchgate_install_sightings_capped_total", dimensions: [("reason", $1)])) }
        simulated = Counter(label: "launchgate_install_sightings_simulated_total")
        self.repository = repository
        self.hasher = hasher
        self.configuration = configuration
        self.now = now
        self.logger = logger
    }

    /// Notes a `LaunchGate-Client` value for `app` outside any client's budget (tests, tools);
    /// answered reads go through ``intake``.
    /// - Returns: `false` when the buffer was full and the sighting was dropped.
    @discardableResult
    package func note(app: String, header: String) -> Bool { buffer.append(app: app, header: header) }

    /// What answered reads are noted through: the client's budget, then the buffer; a client the
    /// HTTP layer names a trusted proxy gets ``AdoptionConfiguration/proxyShare`` shares.
    package var intake: SightingIntake {
        SightingIntake(buffer: buffer, budget: budget, now: now, proxyShare: configuration.proxyShare)
    }

    /// Folds until the service group shuts down, then folds what is left once more.
    public func run() async throws {
        // Pruning is ``InstallRetention``'s, which runs with recording off too.
        var last = ContinuousClock.now
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(100))
            guard buffer.isHalfFull || ContinuousClock.now - last >= configuration.foldInterval else { continue }
            last = ContinuousClock.now
            await fold()
        }
        await fold()
    }

    /// Folds everything buffered into storage now, after any fold under way.
    ///
    /// One pass over the arena: each entry is hashed, and an entry whose value (app and header)
    /// was written within ``AdoptionConfiguration/rewriteInterval`` on the same UTC day is skipped
    /// (``RecentSightings``), before anything is parsed or allocated. Most of a busy server's
    /// sightings are repeats, so this is nearly all a fold does for them. The rest are parsed and
    /// written a transaction at a time. A value repeated within one fold is written at its first
    /// sighting: its last-seen time is at most one fold early, as it is at most one rewrite
    /// interval early across folds. So an install that goes from A to B and back to A within the
    /// rewrite interval is stored as running B until its next sighting after the interval: only
    /// a downgrade and an upgrade again within minutes does that. Nothing but the arena and one transaction's sightings is held.
    /// - Returns: How many sightings were written.
    @discardableResult
    public func fold() async -> Int {
        // The body throws nothing; the lock's signature only passes a thrown error on.
        (try? await folding.withLock { await foldNow() }) ?? 0
    }

    private func foldNow() async -> Int {
        let arena = buffer.drain()
        guard arena.count > 0 else { return 0 }
        // At least a millisecond: the repeats of one fold are left out only by this check.
        let interval = max(configuration.rewriteInterval.components.seconds * 1000
            + configuration.rewriteInterval.components.attoseconds / 1_000_000_000_000_000, 1)
        let size = max(configuration.sightingsPerTransaction, 1)
        var batch: [InstallSighting] = []
        var keys: [Int] = []
        batch.reserveCapacity(min(size, arena.count))
        var (written, rejected, simulatedCount, unsaved, offset) = (0, 0, 0, 0, 0)
        // Once a write fails, the rest of this fold is not tried: a database that is down would
        // only fail again, each time after its timeout. Their values are forgotten as written
        // after the loop, not at once, or their repeats later in this arena would pass again.
        var failedKeys: [Int]?
        var admission = InstallAdmission(quotas: quotas, nextRelease: nextRelease, reserveShares: reserveShares)
        while let entry = arena.entry(at: offset) {
            offset = entry.next
            // The request's own second: a sighting counts on the day it was made, not the fold's.
            let stamp = entry.second * 1000
            let day = InstallDay.of(stamp)
            let hash = arena.hash(entry)
            guard !recent.isRecent(hash, day: day, now: stamp, interval: interval) else { continue }
            if failedKeys != nil {
                failedKeys?.append(RecentSightings.key(hash, day: day))
                unsaved += 1
                continue
            }
            let parsed = sighting(app: arena.app(entry), header: arena.header(entry), at: Date(milliseconds: stamp), source: entry.source)
            guard case .install(let sighting) = parsed else {
                if parsed == .invalid { rejected += 1 } else { simulatedCount += 1 }
                continue
            }
            if admission.namedVersions[sighting.appID] == nil {
                (admission.namedVersions[sighting.appID], admission.latestVersions[sighting.appID]) = await namedVersions(sighting.appID)
            }
            batch.append(sighting)
            keys.append(RecentSightings.key(hash, day: day))
            if batch.count == size {
                if let count = await write(batch, admission) { written += count } else { failedKeys = keys }
                batch.removeAll(keepingCapacity: true)
                keys.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty {
            if let count = await write(batch, admission) { written += count } else { failedKeys = (failedKeys ?? []) + keys }
        }
        if let failedKeys {
            // Forgotten as written, so the next request of each install is written at the next
            // fold instead of after the rewrite interval: the retry is as bounded as the buffer.
            recent.forget(failedKeys)
            if unsaved > 0 { failed.increment(by: Int64(unsaved)) }
        }
        if rejected > 0 { invalid.increment(by: Int64(rejected)) }
        if simulatedCount > 0 { simulated.increment(by: Int64(simulatedCount)) }
        recorded.increment(by: Int64(written))
        return written
    }

    /// Writes one transaction's sightings; the cap is checked there, in the background, where
    /// storage already holds the counts. - Returns: How many were written, or `nil` when the write
    /// failed (counted as unsaved and logged).
    private func write(_ sightings: [InstallSighting], _ admission: InstallAdmission) async -> Int? {
        do {
            let result = try await repository.record(sightings, limits: configuration.limits, admission: admission)
            for (part, counter) in capped where result[keyPath: part] > 0 { counter.increment(by: Int64(result[keyPath: part])) }
            return sightings.count - result.left
        } catch {
            // Dropped, not kept: a database that is down must not grow the process.
            failed.increment(by: Int64(sightings.count))
            logger.warning("could not record \(sightings.count) installs: \(error)")
            return nil
        }
    }

    /// What one header value is to the recorder.
    private enum ParsedSighting: Equatable {
        case install(InstallSighting)
        /// Not an install strictly (``ClientHeader/checkedInstall()``).
        case invalid
        /// A simulated device's (``ClientHeader/simulated``): left out of adoption and the guard.
        case simulated
    }

    /// A sighting from one header value, unless it does not describe an install strictly
    /// (``ClientHeader/checkedInstall()``: lengths and formats of every field), so nothing unchecked
    /// reaches storage, or it is a simulated device's, whose launches are a demo, not an install.
    private func sighting(app: String, header: String, at time: Date, source: SightingSource?) -> ParsedSighting {
        guard let fields = ClientHeader.parse(header), case .success(let install) = fields.checkedInstall(),
              let hash = try? hasher.hash(installID: install.installID, app: app) else { return .invalid }
        guard !fields.simulated else { return .simulated }
        return .install(InstallSighting(appID: app, platform: install.platform, installHash: hash, version: install.version.description,
                                        build: install.build?.description ?? "", os: install.os?.description ?? "", at: time, source: source))
    }

    /// The canonical versions `app`'s policies (every channel) name per platform, through the
    /// entry each platform reads: latest, recommended, required and blocked; and the lowest
    /// latest among them, above which a version may be the next release. From the policies'
    /// cache; an app or channel without a policy names none.
    private func namedVersions(_ app: String) async -> ([Platform: Set<String>], [Platform: AppVersion]) {
        guard let policies else { return ([:], [:]) }
        var named: [Platform: Set<String>] = [:]
        var latest: [Platform: AppVersion] = [:]
        for channel in ReleaseChannel.allCases {
            guard let policy = try? await policies.served(app: app, channel: channel) else { continue }
            for platform in Platform.allCases {
                guard let entry = policy.policy(for: platform) else { continue }
                let versions = [entry.latest?.version, entry.recommended?.version, entry.required?.version].compactMap { $0 } + entry.blocked.versions
                named[platform, default: []].formUnion(versions.map(\.description))
                if let version = entry.latest?.version { latest[platform] = min(latest[platform] ?? version, version) }
            }
        }
        return (named, latest)
    }
}
