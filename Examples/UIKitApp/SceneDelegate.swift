import LaunchGate
import LaunchGateUI
import UIKit

/// Seed 001's `SceneDelegate`: instead of swapping `LoadingViewController`,
/// `ForceUpdateViewController` and `MainViewController` by hand, the window's root is a
/// `LaunchGateViewController` that does it from the policy, and re-checks on return to the foreground.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = LaunchGateViewController(
            policyURL: URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios")!,
            publicKey: "ed25519:Gb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE="
        ) {
            MainViewController()
        }
        window.makeKeyAndVisible()
        self.window = window
    }
}
