#if canImport(UIKit) && !os(watchOS)
import UIKit

/// A window above every other window of the app's scene, alerts included, for the update screens
/// (``LaunchFlow/State/isAboveApp``). The app's content can't be trusted to stay under a screen
/// drawn in its own window: a sheet, full-screen cover or alert it presented would stay on top,
/// and a focused text field would keep the keyboard. This window is above all of them, takes every
/// touch, and is the key window while it shows.
@MainActor
final class GateWindow {
    /// The window the app's content is in: the scene to cover, and the key window again afterwards.
    /// Nothing can be shown until it is known and in a scene. Owners keep the last one they saw.
    weak var appWindow: UIWindow?
    private var window: UIWindow?

    /// Whether a screen is up.
    var isShown: Bool { window != nil }

    /// Whether a screen can be shown: the app's window is known and in a scene.
    var canShow: Bool { appWindow?.windowScene != nil }

    /// Shows a screen above the app's window, in place of any screen shown.
    /// - Parameter controller: The screen.
    /// - Returns: Whether it is shown; `false` while the app's window or its scene is unknown.
    @discardableResult
    func show(_ controller: UIViewController) -> Bool {
        guard let appWindow, let scene = appWindow.windowScene else { return false }
        // A focused field in the app, or in a sheet it presented, gives up the keyboard, and
        // VoiceOver (which activates elements without hit-testing) can't reach the app.
        appWindow.endEditing(true)
        appWindow.accessibilityElementsHidden = true
        let window = self.window ?? UIWindow(windowScene: scene)
        window.windowLevel = UIWindow.Level(rawValue: UIWindow.Level.alert.rawValue + 1)
        // Opaque, and a touch outside the screen's own views still lands here, never in the app.
        window.backgroundColor = .systemBackground
        window.rootViewController = controller
        window.makeKeyAndVisible()
        self.window = window
        return true
    }

    /// Removes the screen and gives the key window back to the app.
    func hide() {
        guard let window else { return }
        window.isHidden = true
        window.rootViewController = nil
        self.window = nil
        guard let appWindow else { return }
        appWindow.accessibilityElementsHidden = false
        if !appWindow.isHidden { appWindow.makeKey() }
    }
}
#endif
