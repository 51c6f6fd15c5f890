#if canImport(UIKit) && !os(watchOS)
import UIKit

extension UIViewController {
    /// Runs `body` once no presentation or dismissal is under way from this controller or any
    /// controller it presents: UIKit drops a dismissal asked for during one, without calling its
    /// completion, and refuses a presentation from a controller that is itself being presented.
    /// A transition whose coordinator won't queue the wait (`animate(alongsideTransition:)`
    /// answers `false`, which it does once the transition is over) isn't waited for.
    /// - Parameter body: What to do then; now, when nothing is under way.
    func afterTransitions(_ body: @escaping @MainActor () -> Void) {
        var controller: UIViewController? = self
        while let current = controller {
            if let transition = current.transitionCoordinator,
               transition.animate(alongsideTransition: nil, completion: { _ in self.afterTransitions(body) }) {
                return
            }
            controller = current.presentedViewController
        }
        body()
    }
}
#endif
