#if canImport(UIKit) && !os(watchOS)
import UIKit

/// The root of the window above the app (``GateWindow``): it holds the screen shown as a child, so
/// a new screen replaces the old without touching what was presented on this controller, and
/// answers for rotation and the status bar as the app's own root does, so a gate never turns a
/// portrait-only app sideways or brings back a status bar the app hides.
@MainActor
final class GateRootViewController: UIViewController {
    private weak var appWindow: UIWindow?
    private var screen: UIViewController?

    /// Creates the root for the window above `appWindow`.
    /// - Parameter appWindow: The app's window, whose root controller's preferences are followed.
    init(appWindow: UIWindow) {
        self.appWindow = appWindow
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
        #if !os(tvOS)
        setNeedsStatusBarAppearanceUpdate()
        #endif
    }

    /// The screen shown, for tests.
    var shownScreen: UIViewController? { screen }

    #if !os(tvOS)
    /// The app's own root controller, whose rotation and status bar the gate keeps.
    private var appRoot: UIViewController? { appWindow?.rootViewController }

    override var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        appRoot?.supportedInterfaceOrientations ?? super.supportedInterfaceOrientations
    }

    override var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation {
        appRoot?.preferredInterfaceOrientationForPresentation ?? super.preferredInterfaceOrientationForPresentation
    }

    override var prefersStatusBarHidden: Bool {
        // The controller the app's root defers to (its main controller, say) has the say.
        var owner = appRoot
        while let child = owner?.childForStatusBarHidden { owner = child }
        return owner?.prefersStatusBarHidden ?? super.prefersStatusBarHidden
    }

    /// The screen picks the style: its own background decides whether dark or light text reads.
    override var childForStatusBarStyle: UIViewController? { screen }
    #endif
}
#endif
