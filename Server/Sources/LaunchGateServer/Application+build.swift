import Foundation
import Hummingbird
import HummingbirdCore
import LaunchGate
import LaunchGateAdoption
import LaunchGateAppStore
import LaunchGateConsole
import LaunchGateHTTP
import LaunchGatePolicies
import LaunchGateSignIn
import LaunchGateStorage
import LaunchGateWebhooks
import Logging
import Metrics
import NIOCore
import NIOPosix
import Prometheus
import ServiceLifecycle
import Synchronization

/// The server's parts, built from a configuration; the CLI and the tests share them.
public struct ServerComponents: Sendable {
    /// The open database, when not in memory.
    public let database: Database?
    /// Storage.
    public let repository: any LaunchGateRepository
    /// Publishing and serving.
    public let policies: PolicyService
    /// Signing keys.
    public let signingKeys: SigningKeys
    /// Admin tokens.
    public let tokens: AdminTokens
    /// Sign-in storage.
    public let signInRepository: any SignInRepository
    /// Passwordless sign-in.
    public let signIn: SignInService
    /// Wakes the outbox worker when sign-in queues mail.
    public let outboxSignal: OutboxSignal
    /// Installs and their counts.
    public let installs: any InstallRepository
    /// Turns install IDs into the HMACs storage keeps.
    public let installHasher: InstallIDHasher
    /// Folds recorded sightings into `installs`.
    public let recorder: InstallRecorder
    /// Adoption, impact and the guarded publish.
    public let adoption: AdoptionService
    /// The prompt funnel's storage.
    public let funnelRepository: any FunnelRepository
    /// Folds the prompt counts install pings carry into `funnelRepository`.
    public let funnelRecorder: FunnelRecorder
    /// Reads the prompt funnel.
    public let funnel: FunnelService
    /// The web console's sign-in sessions.
    public let consoleSessions: any ConsoleSessionRepository
    /// Signs the console's sign-in forms with a key from the master key.
    public let consoleSignInForms: ConsoleSignInForms
    /// Who may sign in to the console by emailed code.
    public let operators: OperatorService
    /// The console's sign-in by emailed code.
    public let operatorSignIn: OperatorSignIn
    /// App Store links and their poll status.
    public let appStoreLinks: any AppStoreLinkRepository
    /// Each app's App Store Connect key, sealed under the master key, for following Apple's phased release.
    public let appStoreConnectKeys: AppStoreConnectKeys
    /// Paces every App Store lookup to Apple's documented rate, the serve-wide poller's and syncs' alike, over the
    /// starts reserved in the database: one pace with every other process and instance on it (attack s15b, 1, 2).
    public let appStorePacer: AppStoreLookupPacer
    /// Webhook endpoints, their deliveries, and the events the domains emit.
    public let webhooks: WebhookService
    /// The clock every part was built with.
    public let now: @Sendable () -> Date

    /// Opens the database, runs pending migrations and loads the master key.
    /// - Parameters:
    ///   - configuration: The configuration.
    ///   - createMasterKey: Whether an absent master key file may be created.
    ///   - checkMasterKey: Load the master key now and check that it opens the active signing key,
    ///     for `serve` and commands that sign; otherwise it is loaded only when a key is made or opened.
    ///   - now: The clock.
    ///   - logger: For the database driver.
    /// - Throws: ``StorageError`` when the database can't be opened, ``MasterKeyError`` when the
    ///   master key can't be loaded or (with `checkMasterKey`) does not open the signing key.
    public static func open(_ configuration: ServerConfiguration, createMasterKey: Bool, checkMasterKey: Bool = false,
                            now: @escaping @Sendable () -> Date = Date.init, logger: Logger) async throws -> ServerComponents {
        let database = try await Database.open(configuration.database, logger: logger)
        do {
            try await Migrator(database: database, now: now).migrate()
            let repository = SQLRepository(database: database)
            let (value, file) = (configuration.masterKey, configuration.masterKeyFile)
            // A database that already holds a sealed signing key needs the master key it was sealed
            // with. Making a new one there would leave a stray key file that opens nothing, so its
            // absence is reported instead (and the message says what the missing file protects).
            let sealedKeyExists = try await !repository.signingKeys().isEmpty
            let create = createMasterKey && !sealedKeyExists
            let load: @Sendable () throws -> MasterKey = {
                do { return try MasterKey.load(environmentValue: value, file: file, create: create) } catch let error as MasterKeyError where error.reason == .missing && sealedKeyExists {
                    throw MasterKeyError.lost(path: file.path)
                }
            }
            let signIn = configuration.signIn
            guard checkMasterKey else {
                return ServerComponents(database: database, repository: repository, signInConfiguration: signIn,
                                        adoption: configuration.adoption, webhookAllowPrivate: configuration.webhookAllowPrivate, now: now,
                                        masterKey: load)
            }
            let key = try load()
            let components = ServerComponents(database: database, repository: repository, signInConfiguration: signIn,
                                              adoption: configuration.adoption, webhookAllowPrivate: configuration.webhookAllowPrivate,
                                              masterKey: key, now: now)
            try await components.signingKeys.checkMasterKey()
            // The install HMAC key comes from the master key (loaded above, as is every key derived
            // from it): without it, nothing is counted twice.
            try components.installHasher.prepare()
            return components
        } catch {
            await database.close()
            throw error
        }
    }

    /// Assembles the parts over any repository (the memory one in tests).
    /// - Parameters:
    ///   - signInRepository: Sign-in storage; by default the SQL one on `database`, or memory without one.
    public init(database: Database?, repository: any LaunchGateRepository, signInRepository: (any SignInRepository)? = nil,
                signInConfiguration: SignInConfiguration = SignInConfiguration(), installs: (any InstallRepository)? = nil,
                funnel: (any FunnelRepository)? = nil,
                adoption: AdoptionConfiguration = AdoptionConfiguration(), random: any RandomSource = SystemRandomSource(),
                webhookAllowPrivate: Bool = false, webhookResolver: any WebhookResolver = SystemWebhookResolver(), masterKey: MasterKey,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.init(database: database, repository: repository, signInRepository: signInRepository, signInConfiguration: signInConfiguration,
                  installs: installs, funnel: funnel, adoption: adoption, random: random, webhookAllowPrivate: webhookAllowPrivate,
                  webhookResolver: webhookResolver, now: now) { masterKey }
    }

    /// Assembles the parts, loading the master key only when a signing key is made or opened, or
    /// sign-in first needs it.
    /// - Parameters:
    ///   - installs: Install storage; by default the SQL one on `database`, or memory without one.
    ///   - adoption: Install recording and the publish guard.
    ///   - webhookAllowPrivate: Whether webhooks may reach loopback and private addresses.
    ///   - webhookResolver: The DNS lookup that checks webhook addresses; the system's but in tests.
    public init(database: Database?, repository: any LaunchGateRepository, signInRepository: (any SignInRepository)? = nil,
                signInConfiguration: SignInConfiguration = SignInConfiguration(), installs installRepository: (any InstallRepository)? = nil,
                funnel funnelRepository: (any FunnelRepository)? = nil,
                adoption settings: AdoptionConfiguration = AdoptionConfiguration(), random: any RandomSource = SystemRandomSource(),
                webhookAllowPrivate: Bool = false, webhookResolver: any WebhookResolver = SystemWebhookResolver(),
                now: @escaping @Sendable () -> Date = Date.init,
                masterKey: @escaping @Sendable () throws -> MasterKey) {
        // The domains' counters (the install recorder's, the operator send queue's) are made below:
        // made before the metrics system is bootstrapped, they would count nowhere.
        _ = metricsRegistry
        self.database = database
        self.repository = repository
        self.signingKeys = SigningKeys(repository: repository, masterKey: masterKey)
        self.policies = PolicyService(repository: repository, signingKeys: signingKeys, now: now)
        self.tokens = AdminTokens(repository: repository, now: now)
        let signInRepository = signInRepository ?? database.map { SQLSignInRepository(database: $0) } ?? MemorySignInRepository()
        self.signInRepository = signInRepository
        self.outboxSignal = OutboxSignal()
        let webhooks = WebhookService(repository: database.map { SQLWebhookRepository(database: $0) } ?? MemoryWebhookRepository(),
                                      apps: repository, masterKey: masterKey, random: random, now: now,
                                      policy: WebhookAddressPolicy(allowPrivate: webhookAllowPrivate, resolver: webhookResolver), logger: Logger(label: "launchgate.webhooks"))
        self.webhooks = webhooks
        var signIn = SignInService(
            repository: signInRepository, policies: policies,
            secrets: SignInSecrets(repository: signInRepository, masterKey: masterKey, random: random, now: now),
            configuration: signInConfiguration, random: random, signal: outboxSignal, now: now)
        signIn.events = webhooks
        self.signIn = signIn
        let filterKey = RefusedVersionFilter.Key.derived(masterKey: masterKey)
        let installs: any InstallRepository = installRepository ?? database.map { SQLInstallRepository(database: $0, filterKey: filterKey) }
            ?? MemoryInstallRepository(filterKey: filterKey)
        self.installs = installs
        self.installHasher = InstallIDHasher(masterKey: masterKey)
        self.recorder = InstallRecorder(repository: installs, hasher: installHasher, configuration: settings, policies: policies, now: now)
        var adoption = AdoptionService(installs: installs, policies: policies, configuration: settings, now: now)
        adoption.events = webhooks
        self.adoption = adoption
        let funnelRepository: any FunnelRepository = funnelRepository ?? database.map { SQLFunnelRepository(database: $0) } ?? MemoryFunnelRepository()
        self.funnelRepository = funnelRepository
        self.funnelRecorder = FunnelRecorder(repository: funnelRepository, hasher: installHasher, policies: policies,
                                             foldInterval: settings.foldInterval, now: now)
        self.funnel = FunnelService(repository: funnelRepository, policies: policies, retentionDays: settings.retentionDays, now: now)
        self.consoleSessions = database.map { SQLConsoleSessionRepository(database: $0) } ?? MemoryConsoleSessionRepository()
        self.consoleSignInForms = ConsoleSignInForms(masterKey: masterKey)
        let operators: any OperatorRepository = database.map { SQLOperatorRepository(database: $0) } ?? MemoryOperatorRepository()
        self.operators = OperatorService(repository: operators, random: random, now: now)
        self.operatorSignIn = OperatorSignIn(operators: operators, signIn: self.signIn)
        self.appStoreLinks = database.map { SQLAppStoreLinkRepository(database: $0) } ?? MemoryAppStoreLinkRepository()
        let lookupStarts: any AppStoreLookupStartRepository = database.map { SQLAppStoreLookupStartRepository(database: $0) }
            ?? MemoryAppStoreLookupStartRepository()
        self.appStorePacer = AppStoreLookupPacer(starts: lookupStarts, now: now)
        let connectKeys: any AppStoreConnectKeyRepository = database.map { SQLAppStoreConnectKeyRepository(database: $0) }
            ?? MemoryAppStoreConnectKeyRepository()
        self.appStoreConnectKeys = AppStoreConnectKeys(apps: repository, repository: connectKeys, masterKey: masterKey, now: now)
        self.now = now
    }
}

/// Swift-metrics can be bootstrapped once per process; every application shares this registry
/// (and OTLP's exporter, when telemetry named one first: ``MetricsFactories``).
let metricsRegistry: PrometheusCollectorRegistry = {
    let registry = PrometheusCollectorRegistry()
    MetricsFactories.bootstrap(registry)
    return registry
}()

/// Builds the application: the HTTP server, the change watcher, the outbox worker and the
/// database's shutdown. Graceful shutdown on SIGTERM and SIGINT comes from `runService()`.
/// - Parameters:
///   - mail: Where sign-in mail goes; printed to standard output by default.
///   - telemetry: The OTLP exporters' service (``TelemetrySettings/bootstrap(environment:logger:)``), if any.
public func buildApplication(_ components: ServerComponents, configuration: ServerConfiguration, logger: Logger,
                             mail: any MailTransport = LogMailTransport(), telemetry: (any Service)? = nil,
                             onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
    _ = metricsRegistry
    if case .failure(let error) = ConsoleRenderer.bundled {
        logger.warning("\(error.warning)")
    }
    let router = buildRouter(components, configuration: configuration)
    let preparedAnswers = configuration.hotPath ? PreparedAnswerHandler.Settings(
        policies: components.policies, defaultApp: configuration.defaultApp, maxAge: configuration.maxAge,
        reads: policyReads(components, configuration), clients: ClientAddressResolver(trustedProxies: configuration.trustedProxies),
        serverName: serverName) : nil
    let shares = ConnectionShares(limits: .init(maximum: configuration.maxConnections, perClient: configuration.maxConnectionsPerClient,
                                                perNetwork: configuration.maxConnectionsPerNetwork ?? configuration.defaultConnectionsPerNetwork,
                                                perProxy: configuration.maxConnectionsPerProxy),
                                  clients: ClientAddressResolver(trustedProxies: configuration.trustedProxies), logger: logger)
    // A peer that reads nothing for an idle timeout is idle, whether or not answers wait for it.
    let settings = LaunchGateHTTPChannel.Settings(idleTimeout: TimeAmount(configuration.idleTimeout),
                                                  requestTimeout: TimeAmount(configuration.headerTimeout), preparedAnswers: preparedAnswers,
                                                  writeStallTimeout: TimeAmount(configuration.idleTimeout), shares: shares,
                                                  pipelinedBytes: configuration.maxPipelinedBytes)
    let cap = ConnectionCap(maximum: configuration.maxConnections)
    var app = Application(
        router: router,
        server: HTTPServerBuilder { responder in LaunchGateHTTPChannel(responder: responder, settings: settings) },
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: serverName,
                             availableConnectionsDelegate: cap),
        onServerRunning: { channel in
            do { try await cap.configure(listener: channel) } catch { logger.warning("could not set how many connections are accepted at once: \(error)") }
            await onServerRunning(channel.localAddress?.port ?? configuration.port)
        },
        eventLoopGroupProvider: eventLoopGroup(threads: configuration.threads ?? UsableCores.count),
        logger: logger)
    // Services stop in reverse order: the server, then the watcher, and only then the database,
    // and last the exporters, which flush the spans of everything that stopped before them.
    if let telemetry { app.addServices(telemetry) }
    if let database = components.database { app.addServices(DatabaseCloser(database: database)) }
    app.addServices(ChangeWatcher(repository: components.repository, policies: components.policies,
                                  interval: configuration.pollInterval, logger: logger))
    if configuration.adoption.recordInstalls { app.addServices(components.recorder, components.funnelRecorder) }
    app.addServices(InstallRetention(repository: components.installs, funnel: components.funnelRepository, retentionDays: components.adoption.configuration.retentionDays,
                                     now: components.now, logger: logger))
    app.addServices(OutboxWorker(signIn: components.signIn, apps: components.repository, transport: mail,
                                 sender: configuration.mailFrom, logger: logger, deliveriesAtOnce: configuration.mailDeliveriesAtOnce))
    app.addServices(SignInSweeper(signIn: components.signIn, logger: logger))
    if configuration.appStorePolling {
        app.addServices(AppStorePolling(components: components, lookupURL: configuration.appStoreLookupURL,
                                        connectURL: configuration.appStoreConnectURL,
                                        configuration: configuration.appStorePoller, logger: logger))
    }
    app.addServices(WebhookWorker(service: components.webhooks,
                                  transport: WebhookHTTPTransport(policy: components.webhooks.policy, timeout: configuration.webhookTimeout),
                                  attemptTimeout: configuration.webhookTimeout))
    return app
}

/// The `Server` header of every answer.
let serverName = "LaunchGate"

/// Where answered reads are reported: the install recorder's intake, or nowhere with recording
/// off (nothing is appended anywhere: the switch behind policy.sh's recording-on/off figures).
func policyReads(_ components: ServerComponents, _ configuration: ServerConfiguration) -> (any PolicyReadObserver)? {
    configuration.adoption.recordInstalls ? components.recorder.intake : nil
}

/// Closes the database once the server has shut down.
struct DatabaseCloser: Service {
    let database: Database

    func run() async throws {
        try? await gracefulShutdown()
        await database.close()
    }
}

/// NIO's shared group when it has the wanted number of threads (its count ignores CPU affinity),
/// else a group of that size: the server's own, alive as long as the process.
private func eventLoopGroup(threads: Int) -> EventLoopGroupProvider {
    threads == NIOSingletons.groupLoopCountSuggestion ? .singleton : .shared(MultiThreadedEventLoopGroup(numberOfThreads: threads))
}
