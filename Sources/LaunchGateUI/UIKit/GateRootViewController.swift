#if canImport(UIKit) && !os(watchOS)
import LaunchGate
import UIKit

/// The root of the window above the app (``GateWindow``): it holds the screen shown as a child, so
/// a new screen replaces the old without touching what was presented on this controller, and
/// answers for rotation as the app's own root does, so a gate never turns a portrait-only app
/// sideways or brings back a status bar the app hides. The status bar's style is the theme's: dark
/// text on a light background, light on a dark one, in the window's appearance.
///
/// VoiceOver is moved to the screen once it is on screen: when this controller has appeared, and
/// when a new screen replaces the one shown. Posted earlier, before the hosted view has its
/// accessibility elements, the notification would leave VoiceOver on the covered app.
@MainActor
final class GateRootViewController: UIViewController {
    private weak var appWindow: UIWindow?
    private let theme: LaunchGateTheme
    private var screen: UIViewController?
    private var hasAppeared = false

    /// Creates the root for the window above `appWindow`.
    /// - Parameters:
    ///   - appWindow: The app's window, whose root controller's preferences are followed.
    ///   - theme: The theme the screens draw, whose background picks the status bar's style.
    init(appWindow: UIWindow, theme: LaunchGateTheme) {
        self.appWindow = appWindow
        self.theme = theme
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable, message: "GateRootViewController is made in code.")
    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not supported")
    }

    /// Shows a screen in place of the one shown.
    /// - Parameter controller: The screen.
    func show(_ controller: UIViewController) {
        guard controller !== screen else { return }
        if let old = screen {
            old.willMove(toParent: nil)
            old.view.removeFromSuperview()
            old.removeFromParent()
        }
        addChild(controller)
        controller.view.frame = view.bounds
        controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(controller.view)
        controller.didMove(toParent: self)
        screen = controller
        guard hasAppeared else { return }
        // Laid out now, so the hosted screen has its accessibility elements when VoiceOver looks.
        view.layoutIfNeeded()
        UIAccessibility.post(notification: .screenChanged, argument: controller.view)
    }

    /// The screen shown, for tests.
    var shownScreen: UIViewController? { screen }

    // tvOS and visionOS have no status bar.
    #if !os(tvOS) && !os(visionOS)
    /// Asks for the status bar again when the window's appearance changes (the app's Dark Mode).
    override func viewDidLoad() {
        super.viewDidLoad()
        registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (root: GateRootViewController, _: UITraitCollection) in
            root.setNeedsStatusBarAppearanceUpdate()
        }
    }
    #endif

    /// Moves VoiceOver to the screen, now that it is on screen.
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        hasAppeared = true
        UIAccessibility.post(notification: .screenChanged, argument: screen?.view)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        hasAppeared = false
    }

    #if !os(tvOS)
    /// The app's own root controller, whose rotation and status bar visibility the gate keeps.
    private var appRoot: UIViewController? { appWindow?.rootViewController }

    override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        appRoot?.supportedInterfaceOrientations ?? super.supportedInterfaceOrientations
    }

    override var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation {
        appRoot?.preferredInterfaceOrientationForPresentation ?? super.preferredInterfaceOrientationForPresentation
    }
    #endif

    #if !os(tvOS) && !os(visionOS)
    override var prefersStatusBarHidden: Bool {
        // The controller the app's root defers to (its main controller, say) has the say.
        var owner = appRoot
        while let child = owner?.childForStatusBarHidden { owner = child }
        return owner?.prefersStatusBarHidden ?? super.prefersStatusBarHidden
    }

    /// Readable on the screen's background: a hosting controller's own choice, `.default`, is light
    /// text in Dark Mode whatever the theme draws (white on turquoise with the playful theme).
    override var preferredStatusBarStyle: UIStatusBarStyle {
        theme.statusBarStyle(for: traitCollection.userInterfaceStyle)
    }
    #endif
}
#endif
