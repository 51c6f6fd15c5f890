#if canImport(UIKit) && !os(watchOS)
import UIKit

extension UIViewController {
    /// Runs `body` once no presentation or dismissal is under way from this controller or any
    /// controller it presents: UIKit drops a dismissal asked for during one, without calling its
    /// completion, and refuses a presentation from a controller that is itself being presented.
    /// A transition whose coordinator won't queue the wait (`animate(alongsideTransition:)`
    /// answers `false`) isn't waited for.
    ///
    /// After a transition's completion the walk starts again one turn of the main queue later, not
    /// inside it: UIKit releases the coordinator only after its final callback, so in there the
    /// controllers still hand it out and the presented one is still being presented, and what is
    /// asked of the coordinator then is undocumented.
    /// - Parameter body: What to do then; now, when nothing is under way.
    func afterTransitions(_ body: @escaping @MainActor () -> Void) {
        var controller: UIViewController? = self
        while let current = controller {
            if let transition = current.transitionCoordinator,
               transition.animate(alongsideTransition: nil, completion: { _ in
                   Task { @MainActor in self.afterTransitions(body) }
               }) {
                return
            }
            controller = current.presentedViewController
        }
        body()
    }
}
#endif
