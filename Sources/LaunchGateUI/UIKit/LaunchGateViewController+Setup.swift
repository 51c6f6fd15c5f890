#if canImport(UIKit) && !os(watchOS)
import Foundation
import LaunchGate
import UIKit

extension LaunchGateViewController {
    /// The one-line setup for a LaunchGate server: the controller makes its flow from the server's
    /// URL, the app's ID there and the server's key, with a default for everything else (the app's
    /// version, build and platform from its bundle, `UserDefaults`, the system URL opener, a
    /// non-blocking launch).
    ///
    /// ```swift
    /// window.rootViewController = LaunchGateViewController(
    ///     server: URL(string: "https://updates.example.com")!, appID: "notes", publicKey: publicKey,
    ///     launchMode: .blocking(timeout: .seconds(3))
    /// ) {
    ///     MainTabBarController()
    /// }
    /// ```
    ///
    /// A malformed key or an http URL stops a debug build at launch with a message that says what
    /// is wrong; a release build logs it, skips the check and opens the app. A debug build also
    /// logs why a check failed. Every scene of an iPad app that uses the same setup shares one flow.
    /// - Parameters:
    ///   - server: The server's base URL (https; http only to this device's loopback address).
    ///   - appID: The app's ID on the server.
    ///   - channel: The release channel; production by default.
    ///   - publicKey: The pinned key, as `launchgate keys show` prints it.
    ///   - signIn: Sign-in, if the app has it; made once, with the flow.
    ///   - launchMode: Whether the launch waits for the check behind the loading screen (the
    ///     `min_supported_version_ios` app's `LoadingViewController`); not by default.
    ///   - refreshInterval: Seconds between re-checks on returning to the foreground; `nil` uses the policy's.
    ///   - fallbackUpdateURL: Where "Update" goes when the policy has no URL.
    ///   - appStoreID: The app's Apple ID (the digits in its App Store link), whose page "Update"
    ///     opens when neither the policy nor `fallbackUpdateURL` names one.
    ///   - sendsInstallBeacon: Whether the daily install beacon is sent; on by default.
    ///   - configuration: The launch's rules, such as the accounts exempt from update screens
    ///     (``LaunchFlow/Configuration/exempting(emails:)``, a test user).
    ///   - theme: The look of the built-in screens.
    ///   - main: Makes the app's main controller: when the app is first shown, and again for
    ///     each user who signs in after another signed out.
    public convenience init(server: URL, appID: String, channel: ReleaseChannel = .production, publicKey: String,
                            signIn: @autoclosure @escaping () -> SignInFlow? = nil, launchMode: LaunchMode = .nonBlocking,
                            refreshInterval: TimeInterval? = nil, fallbackUpdateURL: URL? = nil,
                            appStoreID: String? = nil, sendsInstallBeacon: Bool = true,
                            configuration: LaunchFlow.Configuration = LaunchFlow.Configuration(),
                            theme: LaunchGateTheme = .system, main: @escaping () -> UIViewController) {
        let flow = SharedFlows.process.flow(for: SharedFlows.Key.server(server, appID: appID, channel: channel, publicKey: publicKey)) {
            LaunchFlow.standard(server: server, appID: appID, channel: channel, publicKey: publicKey, signIn: signIn(),
                                opener: SystemURLOpener(), launchMode: launchMode, refreshInterval: refreshInterval,
                                fallbackUpdateURL: fallbackUpdateURL, appStoreID: appStoreID,
                                sendsInstallBeacon: sendsInstallBeacon, configuration: configuration)
        }
        self.init(flow: flow, theme: theme, main: main)
    }

    /// The one-line setup from a policy's URL, for a policy that isn't at a LaunchGate server's
    /// usual path: a static file, or another format (a `min_supported_version_ios`
    /// document, which is unsigned: pass `nil` for the key).
    ///
    /// ```swift
    /// window.rootViewController = LaunchGateViewController(policyURL: policyURL, publicKey: publicKey) {
    ///     MainTabBarController()
    /// }
    /// ```
    /// - Parameters:
    ///   - policyURL: The policy's URL (https; http only to this device's loopback address).
    ///   - publicKey: The pinned key, as `launchgate keys show` prints it; `nil` accepts unsigned documents.
    ///   - signIn: Sign-in with an emailed code, if the app has it; made once, with the flow.
    ///   - launchMode: Whether the launch waits for the check behind the loading screen; not by default.
    ///   - refreshInterval: Seconds between re-checks on returning to the foreground; `nil` uses the policy's.
    ///   - format: The document's format; `nil` detects it.
    ///   - fallbackUpdateURL: Where "Update" goes when the policy has no URL.
    ///   - appStoreID: The app's Apple ID (the digits in its App Store link), whose page "Update"
    ///     opens when neither the policy nor `fallbackUpdateURL` names one.
    ///   - sendsInstallBeacon: Whether the daily install beacon is sent; on by default.
    ///   - configuration: The launch's rules, such as the accounts exempt from update screens
    ///     (``LaunchFlow/Configuration/exempting(emails:)``, a test user).
    ///   - theme: The look of the built-in screens.
    ///   - main: Makes the app's main controller: when the app is first shown, and again for
    ///     each user who signs in after another signed out.
    public convenience init(policyURL: URL, publicKey: String?, signIn: @autoclosure @escaping () -> SignInFlow? = nil,
                            launchMode: LaunchMode = .nonBlocking, refreshInterval: TimeInterval? = nil,
                            format: PolicyFormat? = nil, fallbackUpdateURL: URL? = nil,
                            appStoreID: String? = nil, sendsInstallBeacon: Bool = true,
                            configuration: LaunchFlow.Configuration = LaunchFlow.Configuration(),
                            theme: LaunchGateTheme = .system, main: @escaping () -> UIViewController) {
        let flow = SharedFlows.process.flow(for: SharedFlows.Key.policy(policyURL, publicKey: publicKey)) {
            LaunchFlow.standard(policyURL: policyURL, publicKey: publicKey, signIn: signIn(), opener: SystemURLOpener(),
                                launchMode: launchMode, refreshInterval: refreshInterval, format: format,
                                fallbackUpdateURL: fallbackUpdateURL, appStoreID: appStoreID,
                                sendsInstallBeacon: sendsInstallBeacon, configuration: configuration)
        }
        self.init(flow: flow, theme: theme, main: main)
    }

    /// Creates the root controller around an update monitor alone: the first release's setup,
    /// kept so apps written against it still build.
    /// - Parameters:
    ///   - monitor: The update check.
    ///   - content: The app's main controller.
    public convenience init(monitor: UpdateMonitor, content: UIViewController) {
        self.init(flow: LaunchFlow(updates: monitor), main: { content })
    }
}
#endif
