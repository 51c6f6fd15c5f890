#if canImport(UIKit) && !os(watchOS)
import UIKit

/// A window above every other window of the app's scene, alerts included, for the update screens
/// (``LaunchFlow/State/isAboveApp``). The app's content can't be trusted to stay under a screen
/// drawn in its own window: a sheet, full-screen cover or alert it presented would stay on top,
/// and a focused text field would keep the keyboard. This window is above all of them and takes
/// every touch.
///
/// It is the key window only while a screen the user must act on is up (a required update, say),
/// never while a check runs: apps and SDKs present consent forms and sign-in sheets on "the key
/// window's top view controller", and one presented on this window during a launch check would be
/// lost when the check ends. Anything presented on it is dismissed, with its own callbacks,
/// before it hides, and the window that was key before it gets key back.
@MainActor
final class GateWindow {
    /// The window the app's content is in: the scene to cover, and the key window again afterwards.
    /// Nothing can be shown until it is known and in a scene. Owners keep the last one they saw.
    weak var appWindow: UIWindow?
    private var window: UIWindow?
    private var root: GateRootViewController?
    /// The window that was key when this one took key, which gets it back.
    private weak var previousKeyWindow: UIWindow?

    /// Whether a screen is up.
    var isShown: Bool { window != nil }

    /// Whether a screen can be shown: the app's window is known and in a scene.
    var canShow: Bool { appWindow?.windowScene != nil }

    /// Shows a screen above the app's window, in place of any screen shown.
    /// - Parameters:
    ///   - controller: The screen.
    ///   - takesKey: Whether the window becomes the key window: for a screen the user acts on, not
    ///     for the loading screen of a check.
    /// - Returns: Whether it is shown; `false` while the app's window or its scene is unknown.
    @discardableResult
    func show(_ controller: UIViewController, takesKey: Bool) -> Bool {
        guard let appWindow, let scene = appWindow.windowScene else { return false }
        // A focused field in the app, or in a sheet it presented, gives up the keyboard, and
        // VoiceOver (which activates elements without hit-testing) can't reach the app.
        appWindow.endEditing(true)
        appWindow.accessibilityElementsHidden = true
        if let root {
            root.show(controller)
        } else {
            let window = UIWindow(windowScene: scene)
            window.windowLevel = UIWindow.Level(rawValue: UIWindow.Level.alert.rawValue + 1)
            // Opaque, and a touch outside the screen's own views still lands here, never in the app.
            #if os(tvOS)
            window.backgroundColor = .black
            #else
            window.backgroundColor = .systemBackground
            #endif
            // The app's appearance: a Dark Mode or tint it forces on its window holds here too.
            window.overrideUserInterfaceStyle = appWindow.overrideUserInterfaceStyle
            window.tintColor = appWindow.tintColor
            let root = GateRootViewController(appWindow: appWindow)
            root.show(controller)
            window.rootViewController = root
            window.isHidden = false
            self.window = window
            self.root = root
            // VoiceOver moves to the screen; without this it stays on what is now covered.
            UIAccessibility.post(notification: .screenChanged, argument: nil)
        }
        setTakesKey(takesKey)
        return true
    }

    /// Makes the window shown the key window, or gives key back to the window that had it.
    /// - Parameter takesKey: Whether the window shown should be key.
    func setTakesKey(_ takesKey: Bool) {
        guard let window else { return }
        if takesKey {
            guard !window.isKeyWindow else { return }
            previousKeyWindow = window.windowScene?.keyWindow ?? appWindow
            window.makeKey()
        } else if window.isKeyWindow {
            restoreKey()
        }
    }

    /// Removes the screen: first dismisses what was presented on it (an SDK's sheet, say), so that
    /// controller hears its dismissal, then hides the window and gives key back.
    func hide() {
        guard let window, let root else { return }
        self.window = nil
        self.root = nil
        let finish = { [weak self] in
            let wasKey = window.isKeyWindow
            window.isHidden = true
            window.rootViewController = nil
            guard let self else { return }
            if let appWindow = self.appWindow {
                appWindow.accessibilityElementsHidden = false
            }
            if wasKey { self.restoreKey() }
            UIAccessibility.post(notification: .screenChanged, argument: nil)
        }
        if root.presentedViewController != nil {
            root.dismiss(animated: false, completion: finish)
        } else {
            finish()
        }
    }

    /// Gives key to the window that had it before this one, if it is still up, or else to the app's.
    private func restoreKey() {
        let candidates = [previousKeyWindow, appWindow].compactMap { $0 }
        previousKeyWindow = nil
        guard let target = candidates.first(where: { !$0.isHidden && $0.windowScene != nil && $0 !== window }) else { return }
        target.makeKey()
    }
}
#endif
