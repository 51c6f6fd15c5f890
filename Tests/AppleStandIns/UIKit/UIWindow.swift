// Stand-in for UIKit's windows, for Linux only (see UIResponder.swift). A window belongs to a
// scene, which knows its key window; a window that is hidden while key stays key until another
// takes it, as in UIKit, which doesn't hand key back to the app's window by itself. Its root
// controller appears when the window is shown (or set on a shown window) and disappears when the
// window is hidden or the root replaced, as UIKit tells it.
import Foundation

@available(watchOS, unavailable)
@MainActor
open class UIWindow: UIView {
    public struct Level: Hashable, RawRepresentable, Sendable {
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public var rawValue: CGFloat
        public static let normal = Level(rawValue: 0)
        public static let statusBar = Level(rawValue: 1000)
        public static let alert = Level(rawValue: 2000)
    }

    public init(windowScene: UIWindowScene) {
        self.windowScene = windowScene
        super.init(frame: windowScene.standInBounds)
        isHidden = true
        windowScene.standInAdd(self)
    }

    public required init?(coder: NSCoder) { nil }

    open weak var windowScene: UIWindowScene?
    open var windowLevel: UIWindow.Level = .normal
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let oldValue, !isHidden { oldValue.viewWillDisappear(false) }
            oldValue?.viewIfLoaded?.removeFromSuperview()
            if let oldValue, !isHidden { oldValue.viewDidDisappear(false) }
            guard let root = rootViewController else { return }
            root.view.frame = bounds
            if !isHidden { root.viewWillAppear(false) }
            addSubview(root.view)
            if !isHidden { root.viewDidAppear(false) }
        }
    }

    open override var isHidden: Bool {
        didSet {
            guard isHidden != oldValue, let root = rootViewController else { return }
            if isHidden {
                root.viewWillDisappear(false)
                root.viewDidDisappear(false)
            } else {
                root.viewWillAppear(false)
                root.viewDidAppear(false)
            }
        }
    }

    open var isKeyWindow: Bool { windowScene?.keyWindow === self }

    open func makeKey() { windowScene?.standInMakeKey(self) }
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }
    open func becomeKey() { standInKeyChanges.append(true) }
    open func resignKey() { standInKeyChanges.append(false) }

    /// Every time the window became key (`true`) or stopped being key (`false`), in order.
    public private(set) var standInKeyChanges: [Bool] = []
}
