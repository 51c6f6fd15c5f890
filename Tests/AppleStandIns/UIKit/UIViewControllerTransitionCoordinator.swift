// Stand-in for UIKit's transition coordinators, for Linux only (see UIResponder.swift): what a
// presentation or dismissal under way hands out (``UIViewController/transitionCoordinator``).
import Foundation

@available(watchOS, unavailable)
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
    var isAnimated: Bool { get }
    var isCancelled: Bool { get }
}

@available(watchOS, unavailable)
@MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}

@available(watchOS, unavailable)
extension UIViewControllerTransitionCoordinator {
    public func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }
}

/// The coordinator of one stand-in transition: its completions run when the scene ends it, while
/// the controllers still hand it out and the presented one is still being presented or dismissed
/// (UIKit "releases the coordinator after the transition completes and the final callback is
/// made"). During them it queues nothing more and answers `false`: what a completion asks of it
/// then is never run, so code must wait a turn of the main queue before it looks again.
@available(watchOS, unavailable)
@MainActor
final class StandInTransitionCoordinator: NSObject, UIViewControllerTransitionCoordinator {
    let isAnimated = true
    let isCancelled = false
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var isCompleting = false

    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        guard !isCompleting else { return false }
        animation?(self)
        if let completion { completions.append(completion) }
        return true
    }

    func standInComplete() {
        isCompleting = true
        let completions = completions
        self.completions = []
        for completion in completions { completion(self) }
    }
}
