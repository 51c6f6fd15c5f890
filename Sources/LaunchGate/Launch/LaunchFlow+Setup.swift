import Foundation

extension LaunchFlow {
    /// The whole setup from a LaunchGate server, an app ID and the server's key, with a default for
    /// everything else: the app's version, build and platform from its bundle, `UserDefaults` for
    /// the cache and throttle, a non-blocking launch, and the user's preferred languages.
    ///
    /// ```swift
    /// LaunchFlow.standard(server: URL(string: "https://updates.example.com")!, appID: "notes",
    ///                     publicKey: "ed25519:Gb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=", opener: SystemURLOpener())
    /// ```
    ///
    /// The policy is read from ``policyURL(server:appID:channel:platform:)`` for the platform the
    /// app runs on. Every other parameter is as in
    /// ``standard(policyURL:publicKey:signIn:app:store:transport:opener:launchMode:refreshInterval:format:fallbackUpdateURL:appStoreID:sendsInstallBeacon:configuration:onFailure:logsFailedChecks:report:)``.
    /// - Parameters:
    ///   - server: The server's base URL (https; http only to this device's loopback address).
    ///   - appID: The app's ID on the server.
    ///   - channel: The release channel; production by default.
    ///   - publicKey: The pinned key, as `launchgate keys show` prints it.
    ///   - signIn: Sign-in, if the app has it.
    ///   - app: The installed app; read from the main bundle when `nil`.
    ///   - store: The cache and throttle's store; `UserDefaults.standard` when `nil`.
    ///   - transport: The HTTP transport.
    ///   - opener: Opens the update URL.
    ///   - launchMode: Whether the launch waits for the check behind a loading screen; not by default.
    ///   - refreshInterval: Seconds between foreground re-checks; `nil` uses the policy's.
    ///   - fallbackUpdateURL: Where "Update" goes when the policy has no URL.
    ///   - appStoreID: The app's Apple ID (the digits of `https://apps.apple.com/app/id1234567890`),
    ///     whose App Store page "Update" opens when neither the policy nor `fallbackUpdateURL` names one.
    ///   - sendsInstallBeacon: Whether the daily install beacon is sent; on by default.
    ///   - configuration: Exempt users (the `/api/version` app's test user) and other launch behaviour.
    ///   - onFailure: What a wrong argument does; ``SetupFailure/forThisBuild`` by default.
    ///   - logsFailedChecks: Whether a failed check's cause is reported; in debug builds by default.
    ///   - report: Where a problem is reported before failing open: the unified log on Apple
    ///     platforms (subsystem `LaunchGate`), standard error elsewhere.
    /// - Returns: A flow ready to ``start()``; on a failed-open setup, one that goes straight to the app.
    public static func standard(
        server: URL, appID: String, channel: ReleaseChannel = .production, publicKey: String,
        signIn: SignInFlow? = nil, app: AppInfo? = nil, store: (any KeyValueStore)? = nil,
        transport: any HTTPTransport = URLSessionTransport(), opener: any URLOpening,
        launchMode: LaunchMode = .nonBlocking, refreshInterval: TimeInterval? = nil, fallbackUpdateURL: URL? = nil,
        appStoreID: String? = nil, sendsInstallBeacon: Bool = true,
        configuration: Configuration = Configuration(), onFailure: SetupFailure = .forThisBuild,
        logsFailedChecks: Bool = SetupFailure.forThisBuild == .stop,
        report: @escaping @Sendable (String) -> Void = LaunchFlow.reportSetupProblem
    ) -> LaunchFlow {
        let app = app ?? (try? AppInfo.current())
        let options = UpdateOptions(launchMode: launchMode, refreshInterval: refreshInterval, format: nil,
                                    fallbackUpdateURL: fallbackUpdateURL, appStoreID: appStoreID,
                                    sendsInstallBeacon: sendsInstallBeacon)
        let url = policyURL(server: server, appID: appID, channel: channel, platform: app?.platform ?? .compiled)
        let setup = url.map(Result.success) ?? .failure(SetupProblem(
            "The app ID \"\(appID.prefix(60))\" can't be part of a URL: it must be the ID the server knows "
                + "(`launchgate apps create`), without /, ? or #."))
        return make(policyURL: setup, publicKey: publicKey, signIn: signIn, app: app, store: store, transport: transport,
                    opener: opener, options: options, configuration: configuration, onFailure: onFailure,
                    logsFailedChecks: logsFailedChecks, report: report)
    }

    /// The whole setup from a policy URL and a key, with a default for everything else: the app's
    /// version and build from its bundle, `UserDefaults` for the cache and throttle, a
    /// non-blocking launch, and the user's preferred languages.
    ///
    /// ```swift
    /// LaunchFlow.standard(policyURL: URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios")!,
    ///                     publicKey: "ed25519:Gb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=", opener: SystemURLOpener(),
    ///                     launchMode: .blocking(timeout: .seconds(3)))
    /// ```
    ///
    /// A blocking launch shows the loading screen until the first answer or the timeout (the
    /// `/api/version` check's spinner, the `min_supported_version_ios` app's `LoadingViewController`).
    /// A document in another format (a hand-rolled `/api/version`, say) is unsigned: pass `nil` for
    /// the key, and its `format`.
    /// - Parameters:
    ///   - policyURL: The policy's URL (https; http only to this device's loopback address).
    ///   - publicKey: The pinned key, as `launchgate keys show` prints it; `nil` accepts unsigned
    ///     documents, for the formats a LaunchGate server doesn't sign.
    ///   - signIn: Sign-in, if the app has it.
    ///   - app: The installed app; read from the main bundle when `nil`.
    ///   - store: The cache and throttle's store; `UserDefaults.standard` when `nil`.
    ///   - transport: The HTTP transport.
    ///   - opener: Opens the update URL.
    ///   - launchMode: Whether the launch waits for the check behind a loading screen; not by default.
    ///   - refreshInterval: Seconds between foreground re-checks; `nil` uses the policy's (0 re-checks
    ///     at every return to the foreground, as the `/api/version` check did).
    ///   - format: The document's format; `nil` detects it from its keys.
    ///   - fallbackUpdateURL: Where "Update" goes when the policy has no URL (your App Store page).
    ///   - appStoreID: The app's Apple ID (the digits of `https://apps.apple.com/app/id1234567890`),
    ///     whose App Store page "Update" opens when neither the policy nor `fallbackUpdateURL` names
    ///     one: a `min_supported_version_ios` document never does. Without either, the required
    ///     update's screen says to update from the App Store instead of showing a button.
    ///   - sendsInstallBeacon: Whether the daily install beacon (the app's version, build, platform,
    ///     OS and a random install ID, once a day) is sent; on by default, and only to a LaunchGate
    ///     server's policy URL.
    ///   - configuration: Exempt users (the `/api/version` check's test user) and other launch behaviour.
    ///   - onFailure: What a wrong argument does; ``SetupFailure/forThisBuild`` by default.
    ///   - logsFailedChecks: Whether each failed check is reported through `report`, with why and
    ///     what to do (App Transport Security blocking `http://localhost`, a key from another
    ///     server); in debug builds by default. A failed check opens the app either way.
    ///   - report: Where problems are reported: the unified log on Apple platforms (subsystem
    ///     `LaunchGate`), standard error elsewhere.
    /// - Returns: A flow ready to ``start()``; on a failed-open setup, one that goes straight to the app.
    public static func standard(
        policyURL: URL, publicKey: String?, signIn: SignInFlow? = nil, app: AppInfo? = nil,
        store: (any KeyValueStore)? = nil, transport: any HTTPTransport = URLSessionTransport(),
        opener: any URLOpening, launchMode: LaunchMode = .nonBlocking, refreshInterval: TimeInterval? = nil,
        format: PolicyFormat? = nil, fallbackUpdateURL: URL? = nil, appStoreID: String? = nil,
        sendsInstallBeacon: Bool = true, configuration: Configuration = Configuration(),
        onFailure: SetupFailure = .forThisBuild, logsFailedChecks: Bool = SetupFailure.forThisBuild == .stop,
        report: @escaping @Sendable (String) -> Void = LaunchFlow.reportSetupProblem
    ) -> LaunchFlow {
        let options = UpdateOptions(launchMode: launchMode, refreshInterval: refreshInterval, format: format,
                                    fallbackUpdateURL: fallbackUpdateURL, appStoreID: appStoreID,
                                    sendsInstallBeacon: sendsInstallBeacon)
        return make(policyURL: .success(policyURL), publicKey: publicKey, signIn: signIn, app: app ?? (try? AppInfo.current()),
                    store: store, transport: transport, opener: opener, options: options, configuration: configuration,
                    onFailure: onFailure, logsFailedChecks: logsFailedChecks, report: report)
    }

    /// The update check's settings a one-line setup takes.
    struct UpdateOptions {
        var launchMode: LaunchMode
        var refreshInterval: TimeInterval?
        var format: PolicyFormat?
        var fallbackUpdateURL: URL?
        var appStoreID: String?
        var sendsInstallBeacon: Bool
    }

    private static func make(
        policyURL: Result<URL, SetupProblem>, publicKey: String?, signIn: SignInFlow?, app: AppInfo?,
        store: (any KeyValueStore)?, transport: any HTTPTransport, opener: any URLOpening, options: UpdateOptions,
        configuration: Configuration, onFailure: SetupFailure, logsFailedChecks: Bool,
        report: @escaping @Sendable (String) -> Void
    ) -> LaunchFlow {
        let monitor: UpdateMonitor
        let url: URL
        do {
            url = try policyURL.get()
            monitor = try makeMonitor(policyURL: url, publicKey: publicKey, app: app, store: store, transport: transport,
                                      opener: opener, options: options)
        } catch {
            let message = "LaunchGate: \(error.message) The update check is off until this is fixed."
            if onFailure == .stop { preconditionFailure(message) }
            report(message)
            return LaunchFlow(updates: nil, signIn: signIn, strings: .forLanguages(app?.preferredLanguages ?? Locale.preferredLanguages),
                              configuration: configuration)
        }
        let flow = LaunchFlow(updates: monitor, signIn: signIn, configuration: configuration)
        if logsFailedChecks {
            flow.onCheckFailure = { error in
                report("LaunchGate: the update check failed, so the app opened without it: \(error.message). "
                       + error.developerHint(policyURL: url))
            }
        }
        return flow
    }

    /// The monitor a one-line setup makes, or why it can't.
    static func makeMonitor(policyURL: URL, publicKey: String?, app: AppInfo?, store: (any KeyValueStore)?,
                            transport: any HTTPTransport, opener: any URLOpening,
                            options: UpdateOptions = UpdateOptions(launchMode: .nonBlocking)) throws(SetupProblem) -> UpdateMonitor {
        guard let app else {
            throw SetupProblem("The app's version can't be read: CFBundleShortVersionString is missing or not a version.")
        }
        guard SecureOrigin.allows(policyURL) else {
            throw SetupProblem("The policy URL \(policyURL.absoluteString) is not https; only https (or http to localhost) is allowed.")
        }
        var keys: [PolicyPublicKey] = []
        if let publicKey {
            do { keys = [try PolicyPublicKey(publicKey)] } catch {
                throw SetupProblem("The public key \"\(publicKey.prefix(60))\" is malformed: \(error). "
                                   + "Copy it from `launchgate keys show`; it looks like ed25519:<44 base64 characters>.")
            }
        }
        if let id = options.appStoreID, !UpdateMonitor.Configuration.isAppleID(id) {
            throw SetupProblem("The App Store ID \"\(id.prefix(60))\" is not an Apple ID: it is the 1 to 20 digits after "
                               + "\"id\" in the app's App Store link (https://apps.apple.com/app/id1234567890), without \"id\".")
        }
        let configuration = UpdateMonitor.Configuration(
            source: PolicySource(url: policyURL, format: options.format, publicKeys: keys), launchMode: options.launchMode,
            refreshInterval: options.refreshInterval, fallbackUpdateURL: options.fallbackUpdateURL,
            appStoreID: options.appStoreID, sendsInstallBeacon: options.sendsInstallBeacon)
        return UpdateMonitor(configuration: configuration, app: app, store: store ?? UserDefaultsStore(defaults: .standard),
                             transport: transport, opener: opener)
    }
}

extension LaunchFlow.UpdateOptions {
    init(launchMode: LaunchMode) {
        self.init(launchMode: launchMode, refreshInterval: nil, format: nil, fallbackUpdateURL: nil, appStoreID: nil,
                  sendsInstallBeacon: true)
    }
}
