// Stand-in for UIKit's presentation controllers, for Linux only (see UIResponder.swift).
import Foundation

// An Objective-C protocol whose requirements are all optional: see UIApplicationDelegate.
@available(watchOS, unavailable)
@MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

@available(watchOS, unavailable)
extension UIAdaptivePresentationControllerDelegate {
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}

@available(watchOS, unavailable)
@MainActor
open class UIPresentationController: NSObject {
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self.standInPresenting = presentingViewController
        super.init()
    }

    open unowned(unsafe) var presentedViewController: UIViewController
    weak var standInPresenting: UIViewController?
    open var presentingViewController: UIViewController {
        guard let standInPresenting else { fatalError("the stand-in's presentation controller was asked before presenting") }
        return standInPresenting
    }
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

    /// A person swipes the sheet down, as UIKit handles it: refused (the delegate hears the
    /// attempt) when the controller is modal or the delegate says no; otherwise the sheet goes,
    /// without `dismiss` being called, and the delegate hears that it will go and that it went.
    /// - Returns: Whether the sheet was dismissed.
    @discardableResult
    public func standInSwipeDown() -> Bool {
        guard let presenter = standInPresenting, presenter.presentedViewController === presentedViewController else { return false }
        guard !presentedViewController.isModalInPresentation, delegate?.presentationControllerShouldDismiss(self) ?? true else {
            delegate?.presentationControllerDidAttemptToDismiss(self)
            return false
        }
        delegate?.presentationControllerWillDismiss(self)
        presenter.standInEndPresentation(of: presentedViewController)
        delegate?.presentationControllerDidDismiss(self)
        return true
    }
}

@available(tvOS, unavailable)
@available(watchOS, unavailable)
@MainActor
open class UISheetPresentationController: UIPresentationController {
    @MainActor
    open class Detent: NSObject {
        public let standInIdentifier: String
        init(standInIdentifier: String) { self.standInIdentifier = standInIdentifier }
        open class func medium() -> UISheetPresentationController.Detent { Detent(standInIdentifier: "medium") }
        open class func large() -> UISheetPresentationController.Detent { Detent(standInIdentifier: "large") }
    }

    open var detents: [UISheetPresentationController.Detent] = [.large()]
    open var prefersGrabberVisible = false
}
