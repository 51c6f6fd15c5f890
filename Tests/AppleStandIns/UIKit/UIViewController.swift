// Stand-in for UIKit's view controllers, for type-checking on Linux only; bodies never run.
import Foundation

@MainActor
open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    public convenience override init() { fatalError() }

    open var view: UIView! { get { fatalError() } set { fatalError() } }
    open var isModalInPresentation: Bool { get { fatalError() } set { fatalError() } }
    open var presentedViewController: UIViewController? { fatalError() }
    open var presentingViewController: UIViewController? { fatalError() }
    open var isBeingDismissed: Bool { fatalError() }
    open var presentationController: UIPresentationController? { fatalError() }
    open var sheetPresentationController: UISheetPresentationController? { fatalError() }
    open var childForStatusBarStyle: UIViewController? { fatalError() }

    open func viewDidLoad() { fatalError() }
    open func viewDidAppear(_ animated: Bool) { fatalError() }
    open func addChild(_ childController: UIViewController) { fatalError() }
    open func removeFromParent() { fatalError() }
    open func willMove(toParent parent: UIViewController?) { fatalError() }
    open func didMove(toParent parent: UIViewController?) { fatalError() }
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
                      completion: (() -> Void)? = nil) { fatalError() }
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) { fatalError() }
    open func setNeedsStatusBarAppearanceUpdate() { fatalError() }
}

// An Objective-C protocol whose requirements are all optional (see UIResponder.swift); the
// adapters' presentationControllerDidDismiss(_:) is checked as a plain method.
@MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {}

@MainActor
open class UIPresentationController: NSObject {
    open var presentedViewController: UIViewController { fatalError() }
    open var presentingViewController: UIViewController { fatalError() }
    open var delegate: (any UIAdaptivePresentationControllerDelegate)? { get { fatalError() } set { fatalError() } }
}

@MainActor
open class UISheetPresentationController: UIPresentationController {
    @MainActor
    open class Detent: NSObject {
        open class func medium() -> UISheetPresentationController.Detent { fatalError() }
        open class func large() -> UISheetPresentationController.Detent { fatalError() }
    }

    open var detents: [UISheetPresentationController.Detent] { get { fatalError() } set { fatalError() } }
}
