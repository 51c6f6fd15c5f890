// Stand-in for UIKit's windows, for Linux only (see UIResponder.swift). A window belongs to a
// scene, which knows its key window; a window that is hidden while key stays key until another
// takes it, as in UIKit, which doesn't hand key back to the app's window by itself.
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
            oldValue?.viewIfLoaded?.removeFromSuperview()
            guard let root = rootViewController else { return }
            root.view.frame = bounds
            addSubview(root.view)
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
