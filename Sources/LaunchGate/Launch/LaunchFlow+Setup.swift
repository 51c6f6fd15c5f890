import Foundation
#if canImport(os)
import os
#endif

extension LaunchFlow {
    /// What a one-line setup does when its arguments are wrong (a malformed key, an http URL).
    public enum SetupFailure: Sendable, Hashable {
        /// Stop the app with the problem: debug builds, so a developer sees it at the first run.
        case stop
        /// Report the problem, skip the update check and open the app: release builds, so a
        /// mistake never locks users out.
        case failOpen

        /// `stop` in a debug build of the SDK, `failOpen` in a release build.
        public static var forThisBuild: SetupFailure {
            #if DEBUG
            .stop
            #else
            .failOpen
            #endif
        }
    }

    /// The whole setup from a URL and a key, with a default for everything else: the app's
    /// version and build from its bundle, `UserDefaults` for the cache and throttle, a
    /// non-blocking launch, and the user's preferred languages.
    ///
    /// ```swift
    /// LaunchFlow.standard(policyURL: URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios")!,
    ///                     publicKey: "ed25519:Gb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=", opener: SystemURLOpener())
    /// ```
    /// - Parameters:
    ///   - policyURL: The policy's URL (https; http only to this device's loopback address).
    ///   - publicKey: The pinned key, as `launchgate keys show` prints it.
    ///   - signIn: Sign-in, if the app has it.
    ///   - app: The installed app; read from the main bundle when `nil`.
    ///   - store: The cache and throttle's store; `UserDefaults.standard` when `nil`.
    ///   - transport: The HTTP transport.
    ///   - opener: Opens the update URL.
    ///   - configuration: Exempt users (the `/api/version` app's test user) and other launch behaviour.
    ///   - onFailure: What a wrong argument does; ``SetupFailure/forThisBuild`` by default.
    ///   - report: Where a problem is reported before failing open: the unified log on Apple
    ///     platforms (subsystem `LaunchGate`), standard error elsewhere.
    /// - Returns: A flow ready to ``start()``; on a failed-open setup, one that goes straight to the app.
    public static func standard(
        policyURL: URL, publicKey: String, signIn: SignInFlow? = nil, app: AppInfo? = nil,
        store: (any KeyValueStore)? = nil, transport: any HTTPTransport = URLSessionTransport(),
        opener: any URLOpening, configuration: Configuration = Configuration(), onFailure: SetupFailure = .forThisBuild,
        report: @Sendable (String) -> Void = LaunchFlow.reportSetupProblem
    ) -> LaunchFlow {
        let app = app ?? (try? AppInfo.current())
        let monitor: UpdateMonitor
        do {
            monitor = try makeMonitor(policyURL: policyURL, publicKey: publicKey, app: app, store: store,
                                      transport: transport, opener: opener)
        } catch {
            let message = "LaunchGate: \(error.message) The update check is off until this is fixed."
            if onFailure == .stop { preconditionFailure(message) }
            report(message)
            return LaunchFlow(updates: nil, signIn: signIn, strings: .forLanguages(app?.preferredLanguages ?? Locale.preferredLanguages),
                              configuration: configuration)
        }
        return LaunchFlow(updates: monitor, signIn: signIn, configuration: configuration)
    }

    /// Where a failed-open setup's problem goes by default: the unified log on Apple platforms, where
    /// a release build's standard error is read by nobody, and standard error elsewhere.
    /// - Parameter message: The problem.
    nonisolated public static func reportSetupProblem(_ message: String) {
        #if canImport(os)
        Logger(subsystem: "LaunchGate", category: "setup").error("\(message, privacy: .public)")
        #else
        FileHandle.standardError.write(Data((message + "\n").utf8))
        #endif
    }

    /// The monitor a one-line setup makes, or why it can't.
    static func makeMonitor(policyURL: URL, publicKey: String, app: AppInfo?, store: (any KeyValueStore)?,
                            transport: any HTTPTransport, opener: any URLOpening) throws(SetupProblem) -> UpdateMonitor {
        guard let app else {
            throw SetupProblem("The app's version can't be read: CFBundleShortVersionString is missing or not a version.")
        }
        guard SecureOrigin.allows(policyURL) else {
            throw SetupProblem("The policy URL \(policyURL.absoluteString) is not https; only https (or http to localhost) is allowed.")
        }
        let key: PolicyPublicKey
        do { key = try PolicyPublicKey(publicKey) } catch {
            throw SetupProblem("The public key \"\(publicKey.prefix(60))\" is malformed: \(error). "
                               + "Copy it from `launchgate keys show`; it looks like ed25519:<44 base64 characters>.")
        }
        return UpdateMonitor(configuration: .init(source: PolicySource(url: policyURL, publicKeys: [key])), app: app,
                             store: store ?? UserDefaultsStore(defaults: .standard), transport: transport, opener: opener)
    }
}
