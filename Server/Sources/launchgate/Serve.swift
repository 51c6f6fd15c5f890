import ArgumentParser
import Foundation
import Hummingbird
import LaunchGateAppStore
import LaunchGateServer
import LaunchGateStorage
import Logging

/// `launchgate serve`: the HTTP server.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the server (SIGTERM or SIGINT stop it gracefully).")

    @Option(help: "The address to bind. Env: LAUNCHGATE_HOST.") var host: String?
    @Option(help: "The port (default 8080). Env: LAUNCHGATE_PORT.") var port: Int?
    @Flag(help: "Create a demo app, admin token and signing key when the database is empty, and print how to try them.") var demo = false
    @Option(help: "The app answered at the seed paths (/api/version, /version.json…). Env: LAUNCHGATE_DEFAULT_APP.") var defaultApp: String?
    @Option(help: "trace, debug, info, notice, warning, error or critical. Env: LOG_LEVEL.") var logLevel: String?
    @Option(help: "Event loop threads (default: one per core the process may run on). Env: LAUNCHGATE_THREADS.") var threads: Int?
    @Option(name: .customLong("trusted-proxy"), help: "A proxy (CIDR, repeatable) whose X-Forwarded-For names the client. Env: LAUNCHGATE_TRUSTED_PROXIES, comma-separated.")
    var trustedProxies: [String] = []
    @Option(help: "Seconds a connection may stay idle, before or between requests, until it is closed (default 60). Env: LAUNCHGATE_IDLE_TIMEOUT.") var idleTimeout: DecimalNumber?
    @Option(help: "Seconds a request may take to arrive, head and body, from its first byte (default 10). Env: LAUNCHGATE_HEADER_TIMEOUT.") var headerTimeout: DecimalNumber?
    @Option(help: "Connections open at once; at the cap new ones wait in the listen backlog until one closes (default 2000; an idle connection costs about 32 KB). Env: LAUNCHGATE_MAX_CONNECTIONS.") var maxConnections: Int?
    @Option(help: "Connections one client address may hold at once (IPv6: per /64); past it a new one is closed at once (default 100). Env: LAUNCHGATE_MAX_CONNECTIONS_PER_CLIENT.")
    var maxConnectionsPerClient: Int?
    @Option(help: "Connections the addresses of one network (IPv4 /24, IPv6 /48) may hold at once; past it a new one is closed at once (default: a tenth of --max-connections, at least --max-connections-per-client). Env: LAUNCHGATE_MAX_CONNECTIONS_PER_NETWORK.")
    var maxConnectionsPerNetwork: Int?
    @Option(help: "Connections a --trusted-proxy address may hold at once (default: --max-connections). Env: LAUNCHGATE_MAX_CONNECTIONS_PER_PROXY.")
    var maxConnectionsPerProxy: Int?
    @Option(help: "The iTunes lookup's base URL that linked apps are polled at (https; http only to a loopback host with --appstore-allow-loopback-http; default https://itunes.apple.com). Env: LAUNCHGATE_APPSTORE_LOOKUP_URL.")
    var appstoreLookupUrl: String?
    @Option(help: "Seconds between polls of an App Store link, before ±10 % jitter (default 900, at least 60). Env: LAUNCHGATE_APPSTORE_POLL_INTERVAL.")
    var appstorePollInterval: Int?
    @Option(name: .customLong("appstore-connect-url"), help: "App Store Connect's API (default https://api.appstoreconnect.apple.com; https only, plain http on loopback only with --appstore-allow-loopback-http, for a fake). Env: LAUNCHGATE_APPSTORE_CONNECT_URL.")
    var appStoreConnectURL: String?
    @OptionGroup var appStoreLoopback: AppStoreLoopbackOption
    @Flag(help: "Let webhooks reach loopback and private addresses, over plain http too: for tests and receivers on your own network. Env: LAUNCHGATE_WEBHOOK_ALLOW_PRIVATE=1.")
    var webhookAllowPrivate = false
    @Option(help: "Seconds one webhook attempt may take, lookup to answer, redirects included (default 10). Env: LAUNCHGATE_WEBHOOK_TIMEOUT.") var webhookTimeout: DecimalNumber?
    @OptionGroup var database: DatabaseOptions
    @OptionGroup(title: "Mail") var mail: MailOptions
    @OptionGroup(title: "Sign-in limits") var signIn: SignInOptions
    @OptionGroup(title: "Adoption") var adoption: AdoptionOptions

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        var configuration = try database.configuration()
        // Every variable that is set is checked as its flag would be, even beside its flag (EnvironmentOption).
        if let host = try EnvironmentOption.value(host, flag: "host", BindHost.check) { configuration.host = host }
        if let port = try EnvironmentOption.value(port, flag: "port", EnvironmentOption.within(0...65535)) { configuration.port = port }
        configuration.demo = demo
        configuration.defaultApp = try EnvironmentOption.value(defaultApp, flag: "default-app") ?? (demo ? DemoSeeder.appID : nil)
        let level = try EnvironmentOption.value(logLevel, flag: "log-level", variable: "LOG_LEVEL") { text in
            guard let level = Logger.Level(rawValue: text) else { throw OptionRefusal("is not a log level (trace, debug, info, notice, warning, error or critical): \"\(text.prefix(20))\"") }
            return level
        }
        if let level { configuration.logLevel = level }
        configuration.threads = try EnvironmentOption.value(threads, flag: "threads", EnvironmentOption.within(1...256))
        if let seconds = try EnvironmentOption.value(idleTimeout, flag: "idle-timeout", EnvironmentOption.decimal(within: 1...86_400, " seconds")) {
            configuration.idleTimeout = Self.duration(seconds)
        }
        if let seconds = try EnvironmentOption.value(headerTimeout, flag: "header-timeout", EnvironmentOption.decimal(within: 1...3_600, " seconds")) {
            configuration.headerTimeout = Self.duration(seconds)
        }
        let connections = EnvironmentOption.within(1...1_000_000)
        if let count = try EnvironmentOption.value(maxConnections, flag: "max-connections", connections) { configuration.maxConnections = count }
        if let count = try EnvironmentOption.value(maxConnectionsPerClient, flag: "max-connections-per-client", connections) {
            configuration.maxConnectionsPerClient = count
        }
        if let count = try EnvironmentOption.value(maxConnectionsPerNetwork, flag: "max-connections-per-network", connections) {
            configuration.maxConnectionsPerNetwork = count
        }
        if let count = try EnvironmentOption.value(maxConnectionsPerProxy, flag: "max-connections-per-proxy", connections) {
            configuration.maxConnectionsPerProxy = count
        }

        // The variable is checked even when the flags override it, as the numbers' are (EnvironmentOption).
        let listed = (environment["LAUNCHGATE_TRUSTED_PROXIES"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let fromEnvironment: [IPNetwork]
        do { fromEnvironment = try listed.map(IPNetwork.init(parsing:)) } catch { throw ValidationError("LAUNCHGATE_TRUSTED_PROXIES: \(error)") }
        do { configuration.trustedProxies = trustedProxies.isEmpty ? fromEnvironment : try trustedProxies.map(IPNetwork.init(parsing:)) } catch {
            throw ValidationError("--trusted-proxy: \(error)")
        }

        let loopback = try appStoreLoopback.allowed()
        configuration.appStoreLookupURL = try AppStoreCommand.lookupURL(appstoreLookupUrl, allowLoopbackHTTP: loopback)
        configuration.appStorePoller = try AppStoreCommand.pollerConfiguration(appstorePollInterval)

        let connect = try EnvironmentOption.value(appStoreConnectURL, flag: "appstore-connect-url") { text in
            do { return try AppStoreConnectURL(parsing: text, allowLoopbackHTTP: loopback) } catch { throw OptionRefusal(": \(error)") }
        }
        if let connect { configuration.appStoreConnectURL = connect }
        configuration.signIn = try signIn.apply(to: configuration.signIn)
        configuration.adoption = try adoption.apply(to: configuration.adoption)
        configuration.mailFrom = try mail.sender()
        if let count = try mail.deliveriesAtOnce() { configuration.mailDeliveriesAtOnce = count }
        let allowPrivate = try EnvironmentOption.switchValue("LAUNCHGATE_WEBHOOK_ALLOW_PRIVATE")
        configuration.webhookAllowPrivate = webhookAllowPrivate || allowPrivate == true
        if let seconds = try EnvironmentOption.value(webhookTimeout, flag: "webhook-timeout", EnvironmentOption.decimal(within: 1...60, " seconds")) {
            configuration.webhookTimeout = Self.duration(seconds)
        }
        let transport = try mail.transport()

        // Checked with the other settings, before anything opens: a bad OTEL_* value stops start-up.
        let telemetrySettings: TelemetrySettings
        do { telemetrySettings = try TelemetrySettings(environment: environment) } catch { throw ValidationError("\(error)") }

        var logger = Logger(label: "launchgate")
        logger.logLevel = configuration.logLevel
        // Before the components, whose counters must be made after the metrics system names OTLP.
        let telemetry = try telemetrySettings.bootstrap(environment: environment, logger: logger)
        if telemetrySettings.isOn {
            logger.info("exporting over OTLP", metadata: ["traces": "\(telemetrySettings.traces)", "metrics": "\(telemetrySettings.metrics)"])
        }
        let files = OpenFileLimit.raise(toFit: configuration.maxConnections)
        if !files.fits {
            logger.warning("this process may open only \(files.limit) files, fewer than --max-connections \(configuration.maxConnections) needs; raise the hard limit (ulimit -Hn, LimitNOFILE=) or lower --max-connections")
        }
        let components = try await ServerComponents.open(configuration, createMasterKey: true, checkMasterKey: true, logger: logger)
        // Policies are always served signed: make a key on first start. Demo data only with --demo.
        let seeded = configuration.demo
            ? try await DemoSeeder(components: components, now: components.now).seedIfEmpty()
            : DemoSeeder.Result(token: nil, publicKey: try await components.signingKeys.ensure(now: components.now()))
        // Every interface answers on localhost, the address a newcomer's browser and curl use; the
        // banner says that it is every interface, which the log's 0.0.0.0 means.
        let everywhere = configuration.host == "0.0.0.0"
        let shown = everywhere ? "localhost" : configuration.host
        let (isDemo, location) = (configuration.demo, "\(configuration.database)")
        let destination = transport.destination
        let binary = Bundle.main.executablePath
        let app = buildApplication(components, configuration: configuration, logger: logger, mail: transport, telemetry: telemetry) { port in
            // Unbuffered, so the banner appears even when stdout is a file or a pipe.
            let banner = Self.banner(seeded, demo: isDemo, base: "http://\(shown):\(port)", everyInterface: everywhere,
                                     database: location, mail: destination, binary: binary)
            FileHandle.standardOutput.write(Data((banner + "\n").utf8))
        }
        try await app.runService()
    }

    private static func duration(_ seconds: Double) -> Duration { .milliseconds(Int64((seconds * 1000).rounded())) }

    static func banner(_ seeded: DemoSeeder.Result, demo: Bool, base: String, everyInterface: Bool = false, database: String, mail: String,
                       binary: String? = nil) -> String {
        var lines = ["LaunchGate is listening on \(base) (\(everyInterface ? "every interface, 0.0.0.0; " : "")database: \(database))",
                     "  Public key (pin it in the app): \(seeded.publicKey)",
                     "  Sign-in mail: \(mail)"]
        // `swift run` checks the build on every call, for seconds; the binary itself starts at once.
        if demo, let binary { lines.append("  The CLI without swift run: alias launchgate='\(binary)'") }
        if let token = seeded.token {
            lines.append("  Admin token (shown once, stored hashed): \(token)")
        } else if demo {
            lines.append("  The database already had data; make a token with 'launchgate tokens create --name me --scope admin'.")
        }
        // The console works on every server; with the demo, its token is the one just printed.
        lines.append("  Web console: \(base)/console" + (demo ? " (sign in with the admin token\(seeded.token == nil ? "" : " above"))" : ""))
        if demo {
            let token = seeded.token ?? "<token>"
            lines += [
                "Try:",
                "  curl -i '\(base)/v1/apps/demo/policy?platform=ios'",
                "  curl '\(base)/v1/apps/demo/check?platform=ios&version=1.9.0'",
                "  curl '\(base)/api/version'    # latest_build is the lowest build allowed (the required one), as that check's apps read it",
                "  curl '\(base)/version.json'",
                "  curl -H 'Authorization: Bearer \(token)' '\(base)/v1/admin/apps/demo/policy/history'",
                "  curl -H 'Content-Type: application/json' -d '{\"email\": \"ada@example.com\"}' '\(base)/api/auth/send-code'",
            ]
        }
        return lines.joined(separator: "\n")
    }
}
