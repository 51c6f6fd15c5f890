#if canImport(SwiftUI)
import Foundation
import LaunchGate
import SwiftUI

extension LaunchGateView {
    /// The one-line setup: the gate makes its own flow from a policy URL and key, with a default
    /// for everything else (the app's version and build from its bundle, `UserDefaults`, the
    /// system URL opener, a non-blocking launch), and any screen can still be replaced.
    ///
    /// ```swift
    /// LaunchGateView(policyURL: URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios")!,
    ///                publicKey: "ed25519:Gb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=") {
    ///     ContentView()
    /// }
    /// ```
    ///
    /// A malformed key or an http URL stops a debug build at launch with a message that says what
    /// is wrong; a release build logs it, skips the check and opens the app
    /// (``LaunchFlow/standard(policyURL:publicKey:signIn:app:store:transport:opener:configuration:onFailure:report:)``).
    /// The flow is made once, the first time the view is shown; later changes to these arguments
    /// are ignored, as with `@State`. For the full configuration, make the flow yourself and use
    /// ``init(flow:content:checking:updateRequired:endOfLife:deviceUnsupported:updateRecommended:signingIn:welcome:banner:details:)``.
    /// - Parameters:
    ///   - policyURL: The policy's URL (https; http only to this device's loopback address).
    ///   - publicKey: The pinned key, as `launchgate keys show` prints it.
    ///   - signIn: Sign-in with an emailed code, if the app has it; `nil` goes from the check straight to the app.
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
    ///   - banner: The update banner at the top of the app.
    ///   - details: The banner's details dialog.
    public init<Checking: View, UpdateRequired: View, EndOfLife: View, DeviceUnsupported: View,
                UpdateRecommended: View, SigningIn: View, Welcome: View, Banner: View, Details: View>(
        policyURL: URL,
        publicKey: String,
        signIn: @autoclosure @escaping () -> SignInFlow? = nil,
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
        @ViewBuilder details: @escaping (GateScreen) -> Details = { GateScreenView(screen: $0) }
    ) {
        let make = { LaunchFlow.standard(policyURL: policyURL, publicKey: publicKey, signIn: signIn(), opener: SystemURLOpener(),
                                            configuration: configuration) }
        self.init(source: .made(make), content: content, screens: LaunchGateScreens(
            checking: checking, updateRequired: updateRequired, endOfLife: endOfLife,
            deviceUnsupported: deviceUnsupported, updateRecommended: updateRecommended, signingIn: signingIn,
            welcome: welcome, banner: banner, details: details))
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
