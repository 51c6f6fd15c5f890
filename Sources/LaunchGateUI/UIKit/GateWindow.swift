#if canImport(UIKit) && !os(watchOS)
import LaunchGate
import UIKit

/// A window above every other window of the app's scene, alerts included, for the update screens
/// (``LaunchFlow/State/isAboveApp``). The app's content can't be trusted to stay under a screen
/// drawn in its own window: a sheet, full-screen cover or alert it presented would stay on top,
/// and a focused text field would keep the keyboard. This window is above all of them and takes
/// every touch; while it is up the app's window takes no touches, presses or keyboard shortcuts
/// and is hidden from VoiceOver.
///
/// It is the key window only while a screen the user must act on is up (a required update, say),
/// never while a check runs or for a recommended update: apps and SDKs present consent forms and
/// sign-in sheets on "the key window's top view controller", and one presented on this window
/// would be taken down with it. Anything that was presented on it anyway is dismissed, with its
/// own callbacks, when it goes, and the window that was key before it gets key back.
@MainActor
final class GateWindow {
    /// The window the app's content is in: the scene to cover, and the key window again afterwards.
    /// Nothing can be shown until it is known and in a scene. Owners keep the last one they saw.
    weak var appWindow: UIWindow?
    private var window: UIWindow?
    private var root: GateRootViewController?
    /// The window that was key when this one took key, which gets it back.
    private weak var previousKeyWindow: UIWindow?
    /// The app's window while it is covered, and whether it took touches before.
    private var covered: (window: UIWindow, wasInteractive: Bool)?
    /// Keeps this window's Dark Mode the app's.
    private var appearance: AppearanceFollowing?

    /// Whether a screen is up.
    var isShown: Bool { window != nil }

    /// Which screen is up, for ``show(for:takesKey:theme:make:)``.
    private var shownKey: AnyHashable?

    /// Whether a screen can be shown: the app's window is known and in a scene.
    var canShow: Bool { appWindow?.windowScene != nil }

    /// Whether every screen shown takes key, whatever it asks: on tvOS focus moves only within the
    /// key window, so a screen that isn't key can't be used with the remote. A property, not a
    /// `let takesKey = true` under `#if os(tvOS)`, which left the other branch dead on tvOS
    /// (a "will never be executed" warning).
    private static var shownAlwaysTakesKey: Bool {
        #if os(tvOS)
        true
        #else
        false
        #endif
    }

    init() {}

    deinit {
        // An owner that goes away with a screen up (a root controller the app replaced, a SwiftUI
        // view that left for good while the app presented something) gets the whole of hide():
        // no opaque window left over the app, the app's touches, VoiceOver and key given back,
        // what was presented on the window dismissed, and Dark Mode no longer followed. A deinit
        // can't be isolated before iOS 18.4, so the clean-up hops to the main actor.
        guard let window, let root else { return }
        let covered = covered, appearance = appearance
        Task { @MainActor [weak previousKeyWindow, weak appWindow] in
            Self.tearDown(window: window, root: root, covered: covered, appearance: appearance,
                          keyCandidates: [previousKeyWindow, appWindow])
        }
    }

    /// Shows a screen above the app's window, in place of any screen shown.
    /// - Parameters:
    ///   - controller: The screen.
    ///   - takesKey: Whether the window becomes the key window: for a screen the user can't leave,
    ///     not for the loading screen of a check or a recommended update (on tvOS, always: the
    ///     focus engine and the remote work in the key window only).
    ///   - theme: The theme the screens draw, which picks the status bar's style.
    /// - Returns: Whether it is shown; `false` while the app's window or its scene is unknown.
    @discardableResult
    func show(_ controller: UIViewController, takesKey: Bool, theme: LaunchGateTheme) -> Bool {
        guard let appWindow, let scene = appWindow.windowScene else { return false }
        // A focused field in the app, or in a sheet it presented, gives up the keyboard.
        appWindow.endEditing(true)
        if let root {
            root.show(controller)
        } else {
            cover(appWindow)
            let window = UIWindow(windowScene: scene)
            window.windowLevel = UIWindow.Level(rawValue: UIWindow.Level.alert.rawValue + 1)
            // Opaque, and a touch outside the screen's own views still lands here, never in the app.
            #if os(tvOS)
            window.backgroundColor = .black
            #else
            window.backgroundColor = .systemBackground
            #endif
            window.tintColor = appWindow.tintColor
            let root = GateRootViewController(appWindow: appWindow, theme: theme)
            root.show(controller)
            window.rootViewController = root
            self.window = window
            self.root = root
            if let appRoot = appWindow.rootViewController {
                appearance = AppearanceFollowing(of: appRoot, in: window)
            } else {
                appearance = AppearanceFollowing(of: appWindow, in: window)
            }
            // Shown last: the root announces the screen to VoiceOver once it has appeared.
            window.isHidden = false
        }
        setTakesKey(takesKey)
        return true
    }

    /// Shows the screen for `key` above the app's window, made by `make` only when no screen is up
    /// or another key's is: a screen that follows the flow by itself stays while the flow's screen
    /// stays, and a new one (a blocking screen in place of the loading screen, say) is a new
    /// screen in the same window, which VoiceOver is moved to (``GateRootViewController/show(_:)``).
    /// Kept, VoiceOver would stay on the element that vanished and hear nothing of the new screen.
    /// - Parameters:
    ///   - key: What the screen shows, such as the flow's `gateScreen`.
    ///   - takesKey: Whether the window becomes the key window (see ``show(_:takesKey:theme:)``).
    ///   - theme: The theme the screens draw.
    ///   - make: Makes the screen.
    /// - Returns: Whether a screen is up; `false` while the app's window or its scene is unknown.
    @discardableResult
    func show(for key: AnyHashable, takesKey: Bool, theme: LaunchGateTheme, make: () -> UIViewController) -> Bool {
        if isShown, shownKey == key { return true }
        guard canShow else { return false }
        let shown = show(make(), takesKey: takesKey, theme: theme)
        shownKey = shown ? key : nil
        return shown
    }

    /// Makes the window shown the key window, or gives key back to the window that had it.
    /// - Parameter takesKey: Whether the window shown should be key.
    func setTakesKey(_ takesKey: Bool) {
        guard let window else { return }
        if takesKey || Self.shownAlwaysTakesKey {
            guard !window.isKeyWindow else { return }
            previousKeyWindow = window.windowScene?.keyWindow ?? appWindow
            window.makeKey()
        } else if window.isKeyWindow {
            restoreKey(from: window)
        }
    }

    /// Removes the screen. The window is hidden at once, so it never stays over the app taking its
    /// touches, and the app gets back its touches, VoiceOver and (if this window had it) key. What
    /// was presented on the window (an SDK's sheet, say) is then dismissed, so it hears that it went:
    /// once a presentation or dismissal under way is over, since UIKit drops a dismissal asked for
    /// during one and never calls its completion. Only then is the window taken apart.
    func hide() {
        guard let window, let root else { return }
        let covered = covered, appearance = appearance
        let keyCandidates = [previousKeyWindow, appWindow]
        self.window = nil
        self.root = nil
        self.covered = nil
        self.appearance = nil
        previousKeyWindow = nil
        shownKey = nil
        Self.tearDown(window: window, root: root, covered: covered, appearance: appearance, keyCandidates: keyCandidates)
    }

    /// What ``hide()`` does, and `deinit` when the owner goes with a screen up: stops following Dark
    /// Mode, hides the window, gives the app's window back its touches and VoiceOver (and key, if
    /// this window had it), tells VoiceOver the screen changed, and dismisses what was presented on
    /// the window before taking it apart.
    private static func tearDown(window: UIWindow, root: GateRootViewController,
                                 covered: (window: UIWindow, wasInteractive: Bool)?,
                                 appearance: AppearanceFollowing?, keyCandidates: [UIWindow?]) {
        appearance?.stop()
        let wasKey = window.isKeyWindow
        window.isHidden = true
        if let covered {
            covered.window.accessibilityElementsHidden = false
            if covered.wasInteractive { covered.window.isUserInteractionEnabled = true }
        }
        if wasKey { restoreKey(from: window, to: keyCandidates) }
        UIAccessibility.post(notification: .screenChanged, argument: nil)
        dismissPresentations(on: root) { window.rootViewController = nil }
    }

    /// The owner's view left the app's window: the screen goes with it when the view has left for
    /// good (its scene closed, or the app replaced its root view), not when a full-screen
    /// presentation of the app's covers it. UIKit takes a covered view out of its window (SwiftUI's
    /// `.fullScreenCover` too), and a block taken down then would leave the cover usable, with
    /// the app's window taking touches and VoiceOver again. A view that leaves for good while the
    /// app still presents something is cleaned up when its owner lets this window go (`deinit`).
    func ownerLeft() {
        guard appWindow?.rootViewController?.presentedViewController == nil else { return }
        hide()
    }

    /// Dismisses what is presented on `root`, after any transition under way, then calls `finish`.
    private static func dismissPresentations(on root: UIViewController, then finish: @escaping () -> Void) {
        root.afterTransitions {
            guard root.presentedViewController != nil else { return finish() }
            root.dismiss(animated: false, completion: finish)
        }
    }

    /// Takes the app's window out of reach: VoiceOver (which activates elements without hit-testing)
    /// and touches, presses and hardware-keyboard shortcuts, which go to its key window otherwise.
    private func cover(_ appWindow: UIWindow) {
        covered = (appWindow, appWindow.isUserInteractionEnabled)
        appWindow.accessibilityElementsHidden = true
        appWindow.isUserInteractionEnabled = false
    }

    /// Gives key to the window that had it before `window`, if it is still up, or else to the app's.
    private func restoreKey(from window: UIWindow) {
        let candidates = [previousKeyWindow, appWindow]
        previousKeyWindow = nil
        Self.restoreKey(from: window, to: candidates)
    }

    /// Gives key to the first of `candidates` still up that isn't `window`.
    private static func restoreKey(from window: UIWindow, to candidates: [UIWindow?]) {
        guard let target = candidates.compactMap({ $0 }).first(where: { !$0.isHidden && $0.windowScene != nil && $0 !== window }) else { return }
        target.makeKey()
    }
}
#endif
