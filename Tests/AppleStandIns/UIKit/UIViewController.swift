// Stand-in for UIKit's view controllers, for Linux only (see UIResponder.swift). The view loads on
// first use and `viewDidLoad` runs once; children, presentations and dismissals keep UIKit's
// links, and a presentation from a controller whose view is in no window fails, as in UIKit.
import Foundation

@available(watchOS, unavailable)
@MainActor
open class UIViewController: UIResponder, UITraitEnvironment, UITraitChangeObservable {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { nil }
    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    private var loadedView: UIView?
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView = newValue
            newValue?.standInController = self
        }
    }
    open var viewIfLoaded: UIView? { loadedView }
    open var isViewLoaded: Bool { loadedView != nil }
    open func loadView() { view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844)) }
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        viewDidLoad()
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}

    open var title: String?
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero
    open var isModalInPresentation = false
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet { UITraitCollection.standInTraitsMayHaveChanged() }
    }
    /// The controller's traits: its override, or those of its parent, its presenter or the view
    /// its own view is in (the window, for a window's root).
    open var traitCollection: UITraitCollection {
        if overrideUserInterfaceStyle != .unspecified { return UITraitCollection(userInterfaceStyle: overrideUserInterfaceStyle) }
        if let parent { return parent.traitCollection }
        if let presentingViewController { return presentingViewController.traitCollection }
        if let superview = viewIfLoaded?.superview { return superview.traitCollection }
        return UITraitCollection(userInterfaceStyle: .light)
    }

    /// What `UIHostingController.sizeThatFits(in:)` answers for this controller: SwiftUI's layout
    /// of its view, which the stand-ins don't have, so a test says it (zero otherwise).
    public var standInSizeThatFits: ((CGSize) -> CGSize)?

    // MARK: Status bar, home indicator, system gestures, rotation (UIKit's defaults, an iPhone's)

    // visionOS has no status bar: Apple documents the four properties as deprecated in visionOS 1.0
    // and setNeedsStatusBarAppearanceUpdate() for iOS, iPadOS and Mac Catalyst only.
    @available(tvOS, unavailable)
    @available(visionOS, deprecated: 1.0)
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    @available(tvOS, unavailable)
    @available(visionOS, deprecated: 1.0)
    open var prefersStatusBarHidden: Bool { false }
    @available(tvOS, unavailable)
    @available(visionOS, deprecated: 1.0)
    open var childForStatusBarStyle: UIViewController? { nil }
    @available(tvOS, unavailable)
    @available(visionOS, deprecated: 1.0)
    open var childForStatusBarHidden: UIViewController? { nil }
    @available(tvOS, unavailable)
    @available(visionOS, unavailable)
    open func setNeedsStatusBarAppearanceUpdate() { standInAppearanceUpdates.append("statusBar") }
    @available(tvOS, unavailable)
    open var prefersHomeIndicatorAutoHidden: Bool { false }
    @available(tvOS, unavailable)
    open var childForHomeIndicatorAutoHidden: UIViewController? { nil }
    @available(tvOS, unavailable)
    open func setNeedsUpdateOfHomeIndicatorAutoHidden() { standInAppearanceUpdates.append("homeIndicator") }
    @available(tvOS, unavailable)
    open var preferredScreenEdgesDeferringSystemGestures: UIRectEdge { [] }
    @available(tvOS, unavailable)
    open var childForScreenEdgesDeferringSystemGestures: UIViewController? { nil }
    @available(tvOS, unavailable)
    open func setNeedsUpdateOfScreenEdgesDeferringSystemGestures() { standInAppearanceUpdates.append("screenEdges") }
    @available(tvOS, unavailable)
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
    @available(tvOS, unavailable)
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }
    @available(iOS 16.0, *)
    @available(tvOS, unavailable)
    open func setNeedsUpdateOfSupportedInterfaceOrientations() { standInAppearanceUpdates.append("orientations") }

    /// The `setNeeds…Update` calls made, in order: `statusBar`, `homeIndicator`, `screenEdges`, `orientations`.
    public private(set) var standInAppearanceUpdates: [String] = []

    // MARK: Children

    open private(set) var children: [UIViewController] = []
    open private(set) weak var parent: UIViewController?

    open func addChild(_ childController: UIViewController) {
        childController.removeFromParent()
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }

    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: Presentation

    private var ownPresented: UIViewController?
    /// The controller this one, or its nearest ancestor, presents.
    open var presentedViewController: UIViewController? { ownPresented ?? parent?.presentedViewController }
    open private(set) weak var presentingViewController: UIViewController?
    open private(set) var isBeingPresented = false
    open private(set) var isBeingDismissed = false
    private var ownPresentationController: UIPresentationController?
    /// Made on first use, as in UIKit, so a delegate can be set before presenting.
    open var presentationController: UIPresentationController? {
        if ownPresentationController == nil {
            #if os(tvOS)
            ownPresentationController = UIPresentationController(presentedViewController: self, presenting: nil)
            #else
            ownPresentationController = modalPresentationStyle == .fullScreen || modalPresentationStyle == .overFullScreen
                ? UIPresentationController(presentedViewController: self, presenting: nil)
                : UISheetPresentationController(presentedViewController: self, presenting: nil)
            #endif
        }
        return ownPresentationController
    }
    @available(tvOS, unavailable)
    open var sheetPresentationController: UISheetPresentationController? {
        presentationController as? UISheetPresentationController
    }

    private var ownTransition: StandInTransitionCoordinator?
    /// The coordinator of the presentation or dismissal under way from or of this controller (or
    /// its nearest ancestor); `nil` when none is.
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { ownTransition ?? parent?.transitionCoordinator }

    /// Presentations that UIKit would have refused, with why (a stand-in's record).
    public private(set) var standInRefusedPresentations: [String] = []
    /// Dismissals that UIKit would have dropped, with why (a stand-in's record). UIKit logs these
    /// and never runs their completion.
    public private(set) var standInDroppedDismissals: [String] = []

    /// Presents as UIKit does: from the root of the containment hierarchy, refused while that one
    /// presents, is itself being presented, or is out of the window. An animated presentation takes until the scene's
    /// transitions end (``UIWindowScene/standInDefersTransitions``): until then the presented
    /// controller `isBeingPresented` and both have a `transitionCoordinator`. A full-screen one
    /// takes the presenter's view out of the window once it is over, as UIKit does.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
                      completion: (() -> Void)? = nil) {
        var presenter: UIViewController = self
        while let parent = presenter.parent { presenter = parent }
        guard presenter.ownPresented == nil else {
            standInRefusedPresentations.append("already presenting")
            return
        }
        guard !presenter.isBeingPresented else {
            standInRefusedPresentations.append("while a presentation is in progress")
            return
        }
        guard let window = presenter.viewIfLoaded?.window else {
            standInRefusedPresentations.append("whose view is not in the window hierarchy")
            return
        }
        let presented = viewControllerToPresent
        presenter.ownPresented = presented
        presented.presentingViewController = presenter
        presented.presentationController?.standInPresenting = presenter
        presented.viewWillAppear(flag)
        window.addSubview(presented.view)
        let finish = { [weak presenter] in
            // The coordinator's completions run first, while it is still handed out and the
            // presented controller still `isBeingPresented`, as in UIKit.
            let transition = presented.ownTransition
            transition?.standInComplete()
            presented.isBeingPresented = false
            presented.ownTransition = nil
            presenter?.ownTransition = nil
            if presented.modalPresentationStyle == .fullScreen, let presenter, let view = presenter.viewIfLoaded,
               let superview = view.superview {
                presenter.viewWillDisappear(flag)
                presented.standInCovered = (view, superview, superview.subviews.firstIndex { $0 === view } ?? 0)
                view.removeFromSuperview()
                presenter.viewDidDisappear(flag)
            }
            presented.viewDidAppear(flag)
            completion?()
        }
        if flag, let scene = window.windowScene, scene.standInDefersTransitions {
            presented.isBeingPresented = true
            let transition = StandInTransitionCoordinator()
            presented.ownTransition = transition
            presenter.ownTransition = transition
            scene.standInDefer(finish)
        } else {
            finish()
        }
    }

    /// Dismisses what this controller presents, with everything above it; or, when it presents
    /// nothing, this controller itself. The completion runs once the dismissal is over. As in
    /// UIKit, a dismissal asked for while that presentation, or a dismissal of it, is under way is
    /// dropped: nothing happens and the completion never runs.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        var presenter: UIViewController = self
        while presenter.ownPresented == nil, let parent = presenter.parent { presenter = parent }
        if presenter.ownPresented == nil, let presenting = presentingViewController { presenter = presenting }
        guard let presented = presenter.ownPresented else {
            completion?()
            return
        }
        guard !presented.isBeingPresented, !presented.isBeingDismissed else {
            standInDroppedDismissals.append(presented.isBeingPresented ? "while a presentation is in progress"
                                                                       : "while a dismissal is in progress")
            return
        }
        standInDismissals += 1
        if flag, let scene = presented.viewIfLoaded?.window?.windowScene, scene.standInDefersTransitions {
            presented.isBeingDismissed = true
            let transition = StandInTransitionCoordinator()
            presented.ownTransition = transition
            presenter.ownTransition = transition
            scene.standInDefer { [weak presenter] in
                // As for a presentation: the completions run while the dismissal is still under way.
                transition.standInComplete()
                presented.ownTransition = nil
                presenter?.ownTransition = nil
                presenter?.standInEndPresentation(of: presented, animated: flag)
                completion?()
            }
        } else {
            presenter.standInEndPresentation(of: presented, animated: flag)
            completion?()
        }
    }

    /// How many presentations this controller ended with `dismiss` (a stand-in's record).
    public private(set) var standInDismissals = 0
    /// The presenter's view a full-screen presentation took out of the window, and where it was.
    private var standInCovered: (view: UIView, superview: UIView, index: Int)?

    /// Ends the presentation of `presented`, and first whatever it presents in turn; `dismiss`
    /// and a swipe (``UIPresentationController/standInSwipeDown()``) both end here.
    func standInEndPresentation(of presented: UIViewController, animated flag: Bool = true) {
        guard ownPresented === presented else { return }
        if let above = presented.ownPresented { presented.standInEndPresentation(of: above, animated: flag) }
        presented.isBeingDismissed = true
        presented.viewWillDisappear(flag)
        let covered = presented.standInCovered
        presented.standInCovered = nil
        if let covered {
            viewWillAppear(flag)
            covered.superview.insertSubview(covered.view, at: covered.index)
        }
        presented.viewIfLoaded?.removeFromSuperview()
        ownPresented = nil
        presented.presentingViewController = nil
        presented.isBeingDismissed = false
        presented.viewDidDisappear(flag)
        if covered != nil { viewDidAppear(flag) }
    }
}

@available(tvOS, unavailable)
@available(watchOS, unavailable)
public enum UIStatusBarStyle: Int, Sendable {
    case `default` = 0
    case lightContent = 1
    case darkContent = 3
}

@available(tvOS, unavailable)
@available(watchOS, unavailable)
public enum UIInterfaceOrientation: Int, Sendable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 4
    case landscapeRight = 3
}

@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight, .portraitUpsideDown]
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight]
}

@available(watchOS, unavailable)
public struct UIRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

@available(watchOS, unavailable)
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0
    @available(tvOS, unavailable) case pageSheet = 1
    @available(tvOS, unavailable) case formSheet = 2
    case overFullScreen = 5
    case automatic = -2
}
