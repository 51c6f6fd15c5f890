import Foundation
import LaunchGateAdoption
import LaunchGateAppStore
import LaunchGateHTTP
import LaunchGateSignIn
import LaunchGateStorage
import Logging

/// Everything `launchgate serve` needs, with a default for every setting. The CLI fills it from
/// flags and environment variables in one place (`Serve.swift`); tests build it directly.
public struct ServerConfiguration: Sendable {
    /// The address to bind.
    public var host: String
    /// The port; 0 picks a free one (tests).
    public var port: Int
    /// The database.
    public var database: DatabaseLocation
    /// Create a demo app, token and key when the database is empty.
    public var demo: Bool
    /// The app served at the seed-compatible root paths (`/api/version`, `/version.json`, …).
    public var defaultApp: String?
    /// `LAUNCHGATE_MASTER_KEY`, if set.
    public var masterKey: String?
    /// The master key file used when `masterKey` is not set.
    public var masterKeyFile: URL
    /// How often to look for publishes made by other instances.
    public var pollInterval: Duration
    /// `Cache-Control` max-age for public documents, in seconds.
    public var maxAge: Int
    /// The log level.
    public var logLevel: Logger.Level
    /// Failed admin authentications one client may make at once before the refill rate applies.
    public var authFailureBurst: Int
    /// Failed admin authentications per second one client regains.
    public var authFailureRefillPerSecond: Double
    /// Proxies (load balancers, CDNs) whose `X-Forwarded-For` names the client.
    public var trustedProxies: [IPNetwork]
    /// Event loop threads; `nil` uses one per core the process may run on (``UsableCores``).
    public var threads: Int?
    /// How long a connection may stay idle, before its first request or between requests, until it
    /// is closed (Hummingbird's idle timeout).
    public var idleTimeout: Duration
    /// How long a request may take to arrive, from its first byte to the end of its body.
    public var headerTimeout: Duration
    /// The most connections open at once; at the cap the server stops accepting, and later ones
    /// wait in the listen backlog until one closes. The default, 2,000, keeps a full cap of idle
    /// keep-alive connections (about 32 KB each) and the server within about 128 MB.
    public var maxConnections: Int
    /// The most connections one client address holds at once (IPv6 counts per /64); past it a new
    /// connection is closed at once.
    public var maxConnectionsPerClient: Int
    /// The most connections the addresses of one network (IPv4 /24, IPv6 /48) hold at once; past
    /// it a new connection is closed at once. `nil` for ``defaultConnectionsPerNetwork``.
    public var maxConnectionsPerNetwork: Int?
    /// The most connections a `--trusted-proxy` address holds at once, since it carries many
    /// clients; `nil` for the whole cap.
    public var maxConnectionsPerProxy: Int?
    /// Bytes of pipelined requests a connection may hold waiting while its peer reads nothing
    /// (``PipelinedRequestLimit``); `nil` for no limit, which tests of NIO's back-pressure use.
    public var maxPipelinedBytes: Int? = PipelinedRequestLimit.defaultLimit
    /// Whether prepared public reads are answered on the hot path (``PreparedAnswerHandler``);
    /// off, every request goes through Hummingbird's router, the reference the hot path is tested against.
    public var hotPath: Bool
    /// Sign-in's lifetimes and limits.
    public var signIn: SignInConfiguration
    /// The `From` of sign-in mail.
    public var mailFrom: MailSender
    /// Sign-in mail deliveries under way at once per instance, each on its own connection to the
    /// mail server (``OutboxWorker/deliveriesAtOnce``).
    public var mailDeliveriesAtOnce = OutboxWorker.defaultDeliveriesAtOnce
    /// Whether webhooks may reach loopback and private addresses, over plain http too
    /// (`serve --webhook-allow-private`): for tests and receivers on the operator's own network.
    public var webhookAllowPrivate = false
    /// The longest one webhook attempt may take, its redirects included (`serve --webhook-timeout`);
    /// a claim lasts twice that.
    public var webhookTimeout: Duration = .seconds(10)
    /// Install recording, adoption and the publish guard.
    public var adoption: AdoptionConfiguration
    /// Where the App Store poller asks what each storefront serves: Apple's iTunes lookup, or a
    /// fake on loopback in tests (``AppStoreLookupURL``).
    public var appStoreLookupURL = AppStoreLookupClient.defaultBaseURL
    /// How often linked apps are polled, and the backoff after errors.
    public var appStorePoller = AppStorePollerConfiguration()
    /// Whether `serve` runs the App Store poller (off in tests that don't link apps).
    public var appStorePolling = true
    /// Where App Store Connect's API is: Apple's, or a fake on loopback in tests.
    public var appStoreConnectURL: AppStoreConnectURL = .apple

    /// Creates a configuration.
    public init(
        host: String = "0.0.0.0", port: Int = 8080, database: DatabaseLocation = .default, demo: Bool = false,
        defaultApp: String? = nil, masterKey: String? = nil, masterKeyFile: URL? = nil,
        pollInterval: Duration = .milliseconds(500), maxAge: Int = 60, logLevel: Logger.Level = .info, authFailureBurst: Int = 10,
        authFailureRefillPerSecond: Double = 0.1, trustedProxies: [IPNetwork] = [], threads: Int? = nil,
        idleTimeout: Duration = .seconds(60), headerTimeout: Duration = .seconds(10), maxConnections: Int = 2_000,
        maxConnectionsPerClient: Int = 100, maxConnectionsPerNetwork: Int? = nil, maxConnectionsPerProxy: Int? = nil, hotPath: Bool = true,
        signIn: SignInConfiguration = SignInConfiguration(), mailFrom: MailSender = .fallback,
        adoption: AdoptionConfiguration = AdoptionConfiguration()
    ) {
        self.adoption = adoption
        self.signIn = signIn
        self.mailFrom = mailFrom
        self.threads = threads
        self.idleTimeout = idleTimeout
        self.headerTimeout = headerTimeout
        self.maxConnections = maxConnections
        self.maxConnectionsPerClient = maxConnectionsPerClient
        self.maxConnectionsPerNetwork = maxConnectionsPerNetwork
        self.maxConnectionsPerProxy = maxConnectionsPerProxy
        self.hotPath = hotPath
        self.authFailureBurst = authFailureBurst
        self.authFailureRefillPerSecond = authFailureRefillPerSecond
        self.trustedProxies = trustedProxies
        self.host = host
        self.port = port
        self.database = database
        self.demo = demo
        self.defaultApp = defaultApp
        self.masterKey = masterKey
        self.masterKeyFile = masterKeyFile ?? Self.defaultKeyFile(for: database)
        self.pollInterval = pollInterval
        self.maxAge = maxAge
        self.logLevel = logLevel
    }

    /// One network's share when ``maxConnectionsPerNetwork`` is not set: a tenth of the cap, so
    /// that ten networks are needed to fill it, and never less than one address's share.
    public var defaultConnectionsPerNetwork: Int { max(maxConnectionsPerClient, maxConnections / 10) }

    /// `launchgate.key` beside a SQLite file, or in the working directory for PostgreSQL.
    public static func defaultKeyFile(for database: DatabaseLocation) -> URL {
        switch database {
        case .sqlite(let path): URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension("key")
        case .postgres: URL(fileURLWithPath: "launchgate.key")
        }
    }
}
