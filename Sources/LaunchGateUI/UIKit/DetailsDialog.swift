#if canImport(UIKit) && !os(watchOS)
import LaunchGate
import SwiftUI
import UIKit

/// The update banner's details dialog in UIKit: a sheet that follows the flow's state as SwiftUI's
/// `.sheet(item:)` does in ``LaunchGateView``, so the two adapters agree. It is presented over
/// whatever the app has presented, a new screen replaces the old one once the old one is gone,
/// each presentation and dismissal waits for one under way (which UIKit would refuse or drop),
/// and swiping it away (when the screen may be dismissed) is its Not Now, which the flow hears
/// only while these details are still what it shows.
@MainActor
final class DetailsDialog: NSObject, UIAdaptivePresentationControllerDelegate {
    private let flow: LaunchFlow
    private let theme: LaunchGateTheme
    private var shown: (screen: GateScreen, controller: UIViewController)?

    /// Creates the dialog for a flow.
    /// - Parameters:
    ///   - flow: The flow whose details it shows, and which hears a swipe.
    ///   - theme: The look of the built-in screen.
    init(flow: LaunchFlow, theme: LaunchGateTheme) {
        self.flow = flow
        self.theme = theme
        super.init()
    }

    /// Shows a details screen, or closes the dialog.
    /// - Parameters:
    ///   - screen: The screen the flow shows; `nil` for none.
    ///   - root: The controller the app's presentations hang off; the dialog goes over the top-most.
    func show(_ screen: GateScreen?, from root: UIViewController) {
        guard screen != shown?.screen else { return }
        let old = shown?.controller
        shown = nil
        guard let screen else {
            // Closed while still animating in (or while the app's sheet under it moves): once that
            // is over, or UIKit would drop the dismissal and the dialog would stay up.
            if let old { root.afterTransitions { if old.presentingViewController != nil { old.dismiss(animated: true) } } }
            return
        }
        let controller = flow.hostingController(for: GateScreenView(screen: screen).announcedGate(screen), theme: theme)
        // A swipe is allowed exactly where SwiftUI allows it (GateScreenView's interactiveDismissDisabled).
        controller.isModalInPresentation = !screen.isDismissable
        controller.presentationController?.delegate = self
        #if !os(tvOS)
        controller.sheetPresentationController?.detents = [.medium(), .large()]
        // UIKit hides the grabber unless asked; SwiftUI's sheet shows it (presentationDragIndicator),
        // and at the medium detent it is the sign that the rest of the details is a drag away.
        controller.sheetPresentationController?.prefersGrabberVisible = true
        #endif
        shown = (screen, controller)
        let present = { [weak self, weak root] in
            // Still the screen to show once the old dialog has gone, and once nothing is being
            // presented above root: a controller mid-presentation can't present.
            guard let root else { return }
            root.afterTransitions { [weak self] in
                guard let self, self.shown?.controller === controller else { return }
                Self.topMost(above: root).present(controller, animated: true)
            }
        }
        // A controller that is presenting (or being dismissed) can't present: wait for the old one,
        // and for a transition under way, which would drop the old one's dismissal.
        if let old {
            root.afterTransitions {
                if old.presentingViewController != nil {
                    old.dismiss(animated: true, completion: present)
                } else {
                    present()
                }
            }
        } else {
            present()
        }
    }

    /// A swipe closed the dialog: its Not Now, as in SwiftUI. After the flow moved on (to a
    /// blocking screen, say), it dismisses nothing.
    /// - Parameter presentationController: The dialog's presentation.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        guard let shown, presentationController.presentedViewController === shown.controller else { return }
        self.shown = nil
        if case .app(_, let details?) = flow.state, details == shown.screen { flow.dismiss() }
    }

    /// The controller to present from: the last one in the chain of presentations above `root`
    /// (the app's sheet, say), skipping one on its way out; `present` from any other fails.
    private static func topMost(above root: UIViewController) -> UIViewController {
        var top = root
        while let next = top.presentedViewController, !next.isBeingDismissed { top = next }
        return top
    }
}
#endif
