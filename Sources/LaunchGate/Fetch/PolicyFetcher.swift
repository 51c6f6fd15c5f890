import Foundation

/// Fetches, verifies and caches the policy, one request at a time.
///
/// Concurrent callers (several scenes, a launch racing a foreground) share the request in
/// flight. Every failure (timeout, offline, 5xx, malformed, oversized, a wrong content type, a
/// bad signature, a rollback) leaves a good cached policy in place.
public actor PolicyFetcher {
    /// Settings for a fetcher; every one has a default.
    public struct Configuration: Sendable {
        /// The whole check's time limit, sidecar signature included (5 s, as the version.json spec asks).
        public var timeout: Duration
        /// The largest body accepted.
        public var maximumSize: Int

        /// Creates settings.
        /// - Parameters:
        ///   - timeout: The time limit.
        ///   - maximumSize: The body size cap in bytes.
        public init(timeout: Duration = .seconds(5), maximumSize: Int = 256 * 1024) {
            self.timeout = timeout
            self.maximumSize = maximumSize
        }
    }

    private let source: PolicySource
    private let app: AppInfo
    private let installID: String
    private let transport: any HTTPTransport
    private let cache: PolicyCache
    private let configuration: Configuration
    private let now: @Sendable () -> Date
    private var inFlight: Task<FetchOutcome, Never>?
    /// Callers waiting on a check someone else started; lets tests see coalescing without timing.
    private(set) var joinedCallers = 0

    /// Creates a fetcher.
    /// - Parameters:
    ///   - source: Where the policy lives and which keys must have signed it.
    ///   - app: The installed app, sent in the `LaunchGate-Client` header.
    ///   - installID: The install's random ID.
    ///   - transport: The HTTP transport.
    ///   - store: Where the last verified policy is cached, under `keyPrefix` + `.policy`.
    ///   - keyPrefix: The prefix of the cache's key; ``UpdateMonitor``'s is its configuration's.
    ///   - configuration: Timeout and size cap.
    ///   - now: The clock that bounds how far in the future a signed `issuedAt` may be.
    public init(source: PolicySource, app: AppInfo, installID: String, transport: any HTTPTransport,
                store: any KeyValueStore, keyPrefix: String = "launchgate", configuration: Configuration = Configuration(),
                now: @escaping @Sendable () -> Date = Date.init) {
        self.init(source: source, app: app, installID: installID, transport: transport,
                  cache: PolicyCache(store: store, keyPrefix: keyPrefix), configuration: configuration, now: now)
    }

    /// Creates a fetcher over a cache the caller already has.
    @_spi(LaunchGateServer) public init(source: PolicySource, app: AppInfo, installID: String, transport: any HTTPTransport,
                                        cache: PolicyCache, configuration: Configuration = Configuration(),
                                        now: @escaping @Sendable () -> Date = Date.init) {
        self.source = source
        self.app = app
        self.installID = installID
        self.transport = transport
        self.cache = cache
        self.configuration = configuration
        self.now = now
    }

    /// Checks for a new policy, joining a check already in flight.
    /// - Returns: The outcome; never throws, since every failure must fail open.
    public func fetch() async -> FetchOutcome {
        if let inFlight {
            joinedCallers += 1
            defer { joinedCallers -= 1 }
            return await inFlight.value
        }
        let task = Task { await self.performWithDeadline() }
        inFlight = task
        let outcome = await task.value
        inFlight = nil
        return outcome
    }

    private func performWithDeadline() async -> FetchOutcome {
        let cached = cache.load(for: source.url)
        do {
            let (source, app, installID, transport, maximumSize) = (source, app, installID, transport, configuration.maximumSize)
            let seconds = Double(configuration.timeout.components.seconds) + Double(configuration.timeout.components.attoseconds) / 1e18
            let response = try await Deadline.run(configuration.timeout) {
                try await PolicyDownload(source: source, app: app, installID: installID, transport: transport,
                                         maximumSize: maximumSize, timeout: seconds).run(etag: cached?.etag)
            }
            return try accept(response, cached: cached)
        } catch let error as LaunchGateError {
            return .failed(error)
        } catch {
            return .failed(.transport(String(describing: error)))
        }
    }

    private func accept(_ download: PolicyDownload.Result, cached: CachedPolicy?) throws -> FetchOutcome {
        switch download {
        case .notModified:
            guard let cached else { throw LaunchGateError.notModifiedWithoutCache }
            return .notModified(cached.policy)
        case .document(let body, let etag, let signature):
            if source.requiresSignature {
                guard let signature else { throw LaunchGateError.signatureMissing }
                guard signature.isValid(for: body, keys: source.publicKeys) else { throw LaunchGateError.signatureInvalid }
            }
            let policy: UpdatePolicy
            do { policy = try PolicyReader.read(body, format: source.format, platform: app.platform) } catch {
                throw LaunchGateError.malformed(error)
            }
            // A reader's rules: an older format can't name an update URL, and its required version still holds.
            do { try policy.validated(.reading) } catch let error as PolicyValidationError { throw LaunchGateError.invalidPolicy(error) }
            let digest = PolicyTrust.digest(of: body)
            if source.requiresSignature {
                try source.checkSubject(of: policy, platform: app.platform)
                try PolicyTrust.checkFreshness(of: policy, digest: digest, platform: app.platform, cached: cached, now: now())
            }
            // A failed cache write still lets this launch use the new policy; the next check retries.
            try? cache.save(CachedPolicy(policy: policy.narrowed(to: app.platform), etag: etag, source: source.url, digest: digest))
            return .updated(policy)
        }
    }
}
