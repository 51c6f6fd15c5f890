#if canImport(UIKit) && !os(watchOS)
import Foundation
import LaunchGate
import UIKit

extension LaunchGateViewController {
    /// The one-line setup: the controller makes its flow from a policy URL and key, with a
    /// default for everything else (the app's version and build from its bundle, `UserDefaults`,
    /// the system URL opener, a non-blocking launch).
    ///
    /// ```swift
    /// window.rootViewController = LaunchGateViewController(policyURL: policyURL, publicKey: publicKey) {
    ///     MainTabBarController()
    /// }
    /// ```
    ///
    /// A malformed key or an http URL stops a debug build at launch with a message that says what
    /// is wrong; a release build logs it, skips the check and opens the app.
    /// - Parameters:
    ///   - policyURL: The policy's URL (https; http only to this device's loopback address).
    ///   - publicKey: The pinned key, as `launchgate keys show` prints it.
    ///   - signIn: Sign-in with an emailed code, if the app has it.
    ///   - configuration: The launch's rules, such as the accounts exempt from update screens
    ///     (``LaunchFlow/Configuration/exempting(emails:)``, a test user).
    ///   - theme: The look of the built-in screens.
    ///   - main: Makes the app's main controller: when the app is first shown, and again for
    ///     each user who signs in after another signed out.
    public convenience init(policyURL: URL, publicKey: String, signIn: SignInFlow? = nil,
                            configuration: LaunchFlow.Configuration = LaunchFlow.Configuration(),
                            theme: LaunchGateTheme = .system, main: @escaping () -> UIViewController) {
        let flow = LaunchFlow.standard(policyURL: policyURL, publicKey: publicKey, signIn: signIn,
                                       opener: SystemURLOpener(), configuration: configuration)
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
