#if canImport(SwiftUI)
import Foundation
import LaunchGate
import SwiftUI

extension LaunchGateView {
    /// The one-line setup for a LaunchGate server: the gate makes its flow from the server's URL,
    /// the app's ID there and the server's key, with a default for everything else (the app's
    /// version, build and platform from its bundle, `UserDefaults`, the system URL opener, a
    /// non-blocking launch), and any screen can still be replaced.
    ///
    /// ```swift
    /// LaunchGateView(server: URL(string: "https://updates.example.com")!, appID: "notes",
    ///                publicKey: "ed25519:Gb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=",
    ///                launchMode: .blocking(timeout: .seconds(3))) {
    ///     ContentView()
    /// }
    /// ```
    ///
    /// A malformed key or an http URL stops a debug build at launch with a message that says what
    /// is wrong; a release build logs it, skips the check and opens the app. A debug build also
    /// logs why a check failed (App Transport Security, a server that isn't running, a key from
    /// another server). The flow is made once for the whole process, the first time a view with
    /// these arguments is shown, and every window of an iPad app shares it; later changes to the
    /// other arguments are ignored, as with `@State`. For the full configuration, make the flow
    /// yourself and use ``init(flow:content:checking:updateRequired:endOfLife:deviceUnsupported:updateRecommended:signingIn:welcome:banner:details:maintenance:deletingAccount:)``.
    /// - Parameters:
    ///   - server: The server's base URL (https; http only to this device's loopback address).
    ///   - appID: The app's ID on the server, as `launchgate apps create` named it.
    ///   - channel: The release channel; production by default.
    ///   - publicKey: The pinned key, as `launchgate keys show` prints it.
    ///   - signIn: Sign-in with an emailed code, if the app has it; `nil` goes from the check straight to the app.
    ///   - launchMode: Whether the launch waits for the check behind the loading screen (the
    ///     `/api/version` check's spinner); not by default.
    ///   - refreshInterval: Seconds between re-checks on returning to the foreground; `nil` uses the policy's.
    ///   - fallbackUpdateURL: Where "Update" goes when the policy has no URL (your App Store page).
    ///   - appStoreID: The app's Apple ID (the digits in its App Store link), whose page "Update"
    ///     opens when neither the policy nor `fallbackUpdateURL` names one.
    ///   - sendsInstallBeacon: Whether the daily install beacon is sent; on by default.
    ///   - configuration: The launch's rules, such as the accounts exempt from update screens
    ///     (``LaunchFlow/Configuration/exempting(emails:)``, a test user).
    ///   - content: The app's own root view.
    ///   - checking: The loading screen while a blocking check runs.
    ///   - updateRequired: The screen for a required update.
    ///   - endOfLife: The screen for an app past its end of life.
    ///   - deviceUnsupported: The screen for a device whose OS is too old.
    ///   - updateRecommended: The full screen for a recommended update.
    ///   - signingIn: The sign-in screen.
    ///   - welcome: A new user's welcome.
    ///   - banner: The version.json update banner at the top of the app; a banner of your own runs
    ///     its buttons with `@Environment(\.performGateAction)`, so the dialog opens in its window on an iPad.
    ///   - details: The banner's details dialog.
    ///   - maintenance: The screen during a maintenance window, which the user can't leave; it
    ///     offers Try Again and the window's link.
    ///   - deletingAccount: The account deletion's screens (``LaunchFlow/State/deletingAccount(_:)``):
    ///     the confirmation, its progress and the done screen, drawn above the app. One of your own
    ///     runs its buttons with ``LaunchFlow/perform(_:)-(AccountDeletionAction.Role)``, and may wrap
    ///     ``AccountDeletionView`` to add words of your own (that a subscription is billed by Apple).
    public init<Checking: View, UpdateRequired: View, EndOfLife: View, DeviceUnsupported: View,
                UpdateRecommended: View, SigningIn: View, Welcome: View, Banner: View, Details: View,
                Maintenance: View, DeletingAccount: View>(
        server: URL,
        appID: String,
        channel: ReleaseChannel = .production,
        publicKey: String,
        signIn: @autoclosure @escaping () -> SignInFlow? = nil,
        launchMode: LaunchMode = .nonBlocking,
        refreshInterval: TimeInterval? = nil,
        fallbackUpdateURL: URL? = nil,
        appStoreID: String? = nil,
        sendsInstallBeacon: Bool = true,
        configuration: LaunchFlow.Configuration = LaunchFlow.Configuration(),
        @ViewBuilder content: @escaping () -> Content,
        @ViewBuilder checking: @escaping () -> Checking = { LaunchGateLoadingView() },
        @ViewBuilder updateRequired: @escaping (GateScreen) -> UpdateRequired = { GateScreenView(screen: $0) },
        @ViewBuilder endOfLife: @escaping (GateScreen) -> EndOfLife = { GateScreenView(screen: $0) },
        @ViewBuilder deviceUnsupported: @escaping (GateScreen) -> DeviceUnsupported = { GateScreenView(screen: $0) },
        @ViewBuilder updateRecommended: @escaping (GateScreen) -> UpdateRecommended = { GateScreenView(screen: $0) },
        @ViewBuilder signingIn: @escaping (SignInScreen) -> SigningIn = { SignInScreenView(screen: $0) },
        @ViewBuilder welcome: @escaping (SignInScreen) -> Welcome = { SignInScreenView(screen: $0) },
        @ViewBuilder banner: @escaping (GateScreen) -> Banner = { GateBannerView(screen: $0) },
        @ViewBuilder details: @escaping (GateScreen) -> Details = { GateScreenView(screen: $0) },
        @ViewBuilder maintenance: @escaping (GateScreen) -> Maintenance = { GateScreenView(screen: $0) },
        @ViewBuilder deletingAccount: @escaping (AccountDeletionScreen) -> DeletingAccount = { AccountDeletionView(screen: $0) }
    ) {
        let key = SharedFlows.Key.server(server, appID: appID, channel: channel, publicKey: publicKey)
        let make = {
            LaunchFlow.standard(server: server, appID: appID, channel: channel, publicKey: publicKey, signIn: signIn(),
                                opener: SystemURLOpener(), launchMode: launchMode, refreshInterval: refreshInterval,
                                fallbackUpdateURL: fallbackUpdateURL, appStoreID: appStoreID,
                                sendsInstallBeacon: sendsInstallBeacon, configuration: configuration)
        }
        self.init(source: .shared(key, make), content: content, screens: LaunchGateScreens(
            checking: checking, updateRequired: updateRequired, endOfLife: endOfLife,
            deviceUnsupported: deviceUnsupported, updateRecommended: updateRecommended, signingIn: signingIn,
            welcome: welcome, banner: banner, details: details, maintenance: maintenance,
            deletingAccount: deletingAccount))
    }

    /// The one-line setup from a policy's URL: as ``init(server:appID:channel:publicKey:signIn:launchMode:refreshInterval:fallbackUpdateURL:appStoreID:sendsInstallBeacon:configuration:content:checking:updateRequired:endOfLife:deviceUnsupported:updateRecommended:signingIn:welcome:banner:details:maintenance:deletingAccount:)``,
    /// for a policy that isn't at a LaunchGate server's usual path: a static file, or another
    /// format (a hand-rolled `/api/version`, which is unsigned: pass `nil` for the key).
    ///
    /// ```swift
    /// LaunchGateView(policyURL: URL(string: "https://api.example.com/api/version")!, publicKey: nil,
    ///                launchMode: .blocking(timeout: .seconds(3)), format: .latestBuild) {
    ///     ContentView()
    /// }
    /// ```
    /// - Parameters:
    ///   - policyURL: The policy's URL (https; http only to this device's loopback address).
    ///   - publicKey: The pinned key, as `launchgate keys show` prints it; `nil` accepts unsigned documents.
    ///   - signIn: Sign-in, if the app has it; `nil` goes from the check straight to the app.
    ///   - launchMode: Whether the launch waits for the check behind the loading screen; not by default.
    ///   - refreshInterval: Seconds between re-checks on returning to the foreground; `nil` uses the policy's.
    ///   - format: The document's format; `nil` detects it.
    ///   - fallbackUpdateURL: Where "Update" goes when the policy has no URL (your App Store page).
    ///   - appStoreID: The app's Apple ID (the digits in its App Store link), whose page "Update"
    ///     opens when neither the policy nor `fallbackUpdateURL` names one.
    ///   - sendsInstallBeacon: Whether the daily install beacon is sent; on by default.
    ///   - configuration: The launch's rules, such as the accounts exempt from update screens.
    ///   - content: The app's own root view.
    ///   - checking: The loading screen while a blocking check runs.
    ///   - updateRequired: The screen for a required update.
    ///   - endOfLife: The screen for an app past its end of life.
    ///   - deviceUnsupported: The screen for a device whose OS is too old.
    ///   - updateRecommended: The full screen for a recommended update.
    ///   - signingIn: The sign-in screen.
    ///   - welcome: A new user's welcome.
    ///   - banner: The version.json banner above the app.
    ///   - details: The banner's details dialog.
    ///   - maintenance: The screen during a maintenance window, which the user can't leave; it
    ///     offers Try Again and the window's link.
    ///   - deletingAccount: The account deletion's screens (``LaunchFlow/State/deletingAccount(_:)``):
    ///     the confirmation, its progress and the done screen, drawn above the app. One of your own
    ///     runs its buttons with ``LaunchFlow/perform(_:)-(AccountDeletionAction.Role)``, and may wrap
    ///     ``AccountDeletionView`` to add words of your own (that a subscription is billed by Apple).
    public init<Checking: View, UpdateRequired: View, EndOfLife: View, DeviceUnsupported: View,
                UpdateRecommended: View, SigningIn: View, Welcome: View, Banner: View, Details: View,
                Maintenance: View, DeletingAccount: View>(
        policyURL: URL,
        publicKey: String?,
        signIn: @autoclosure @escaping () -> SignInFlow? = nil,
        launchMode: LaunchMode = .nonBlocking,
        refreshInterval: TimeInterval? = nil,
        format: PolicyFormat? = nil,
        fallbackUpdateURL: URL? = nil,
        appStoreID: String? = nil,
        sendsInstallBeacon: Bool = true,
        configuration: LaunchFlow.Configuration = LaunchFlow.Configuration(),
        @ViewBuilder content: @escaping () -> Content,
        @ViewBuilder checking: @escaping () -> Checking = { LaunchGateLoadingView() },
        @ViewBuilder updateRequired: @escaping (GateScreen) -> UpdateRequired = { GateScreenView(screen: $0) },
        @ViewBuilder endOfLife: @escaping (GateScreen) -> EndOfLife = { GateScreenView(screen: $0) },
        @ViewBuilder deviceUnsupported: @escaping (GateScreen) -> DeviceUnsupported = { GateScreenView(screen: $0) },
        @ViewBuilder updateRecommended: @escaping (GateScreen) -> UpdateRecommended = { GateScreenView(screen: $0) },
        @ViewBuilder signingIn: @escaping (SignInScreen) -> SigningIn = { SignInScreenView(screen: $0) },
        @ViewBuilder welcome: @escaping (SignInScreen) -> Welcome = { SignInScreenView(screen: $0) },
        @ViewBuilder banner: @escaping (GateScreen) -> Banner = { GateBannerView(screen: $0) },
        @ViewBuilder details: @escaping (GateScreen) -> Details = { GateScreenView(screen: $0) },
        @ViewBuilder maintenance: @escaping (GateScreen) -> Maintenance = { GateScreenView(screen: $0) },
        @ViewBuilder deletingAccount: @escaping (AccountDeletionScreen) -> DeletingAccount = { AccountDeletionView(screen: $0) }
    ) {
        let key = SharedFlows.Key.policy(policyURL, publicKey: publicKey)
        let make = {
            LaunchFlow.standard(policyURL: policyURL, publicKey: publicKey, signIn: signIn(), opener: SystemURLOpener(),
                                launchMode: launchMode, refreshInterval: refreshInterval, format: format,
                                fallbackUpdateURL: fallbackUpdateURL, appStoreID: appStoreID,
                                sendsInstallBeacon: sendsInstallBeacon, configuration: configuration)
        }
        self.init(source: .shared(key, make), content: content, screens: LaunchGateScreens(
            checking: checking, updateRequired: updateRequired, endOfLife: endOfLife,
            deviceUnsupported: deviceUnsupported, updateRecommended: updateRecommended, signingIn: signingIn,
            welcome: welcome, banner: banner, details: details, maintenance: maintenance,
            deletingAccount: deletingAccount))
    }

    /// Creates the gate around an update monitor alone, with the built-in screens: the first
    /// release's setup, kept so apps written against it still build. New code passes a
    /// ``LaunchFlow``, which adds sign-in and the welcome.
    /// - Parameters:
    ///   - monitor: The update check.
    ///   - content: The app's own root view.
    public init(monitor: UpdateMonitor, @ViewBuilder content: @escaping () -> Content) {
        self.init(source: .made { LaunchFlow(updates: monitor) }, content: content, screens: .builtIn)
    }
}
#endif
