import LaunchGate
import LaunchGateUI
import UIKit

/// The `min_supported_version_ios` app's `SceneDelegate`: instead of swapping
/// `LoadingViewController`, `ForceUpdateViewController` and `MainViewController` by hand, the
/// window's root is a `LaunchGateViewController` that does it from the policy, and re-checks on
/// return to the foreground.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        // That app waits for the check behind a loading screen, for at most three seconds.
        window.rootViewController = LaunchGateViewController(
            server: ExampleServer.url, appID: ExampleServer.appID, publicKey: ExampleServer.publicKey,
            launchMode: .blocking(timeout: .seconds(3))
        ) {
            UINavigationController(rootViewController: MainViewController())
        }
        window.makeKeyAndVisible()
        self.window = window
        UITestConsent.scheduleIfAsked(in: windowScene)
    }
}
