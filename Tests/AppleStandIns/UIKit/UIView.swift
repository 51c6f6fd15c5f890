// Stand-in for UIKit's views, for Linux only (see UIResponder.swift). A view keeps its frame, its
// place in the hierarchy and its window; there is no Auto Layout engine: constraints are kept,
// never solved, so a test sets frames, and the safe area is what a test says it is.
import Foundation

@available(watchOS, unavailable)
@MainActor
open class UIView: UIResponder, UITraitEnvironment, UITraitChangeObservable {
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }

    public init(frame: CGRect) {
        self.frame = frame
        super.init()
    }
    public required init?(coder: NSCoder) { nil }
    public convenience override init() { self.init(frame: .zero) }

    open var frame: CGRect
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }
    open var isHidden = false
    open var isUserInteractionEnabled = true
    open var backgroundColor: UIColor?
    private var ownTintColor: UIColor?
    /// The view's tint, or its superview's when it has none of its own.
    open var tintColor: UIColor! {
        get { ownTintColor ?? superview?.tintColor }
        set { ownTintColor = newValue }
    }
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet { UITraitCollection.standInTraitsMayHaveChanged() }
    }
    /// The view's traits: its controller's when it is a controller's view, else its own override,
    /// its superview's, or (for a window) its scene's.
    open var traitCollection: UITraitCollection {
        if let standInController { return standInController.traitCollection }
        return UITraitCollection(userInterfaceStyle: standInStyle)
    }
    /// The style of this view's own chain, without asking its controller.
    var standInStyle: UIUserInterfaceStyle {
        if overrideUserInterfaceStyle != .unspecified { return overrideUserInterfaceStyle }
        if let superview { return superview.traitCollection.userInterfaceStyle }
        if let window = self as? UIWindow { return window.windowScene?.standInUserInterfaceStyle ?? .light }
        return .light
    }
    open var autoresizingMask: UIView.AutoresizingMask = []
    open var translatesAutoresizingMaskIntoConstraints = true
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified
    open private(set) weak var superview: UIView?
    open private(set) var subviews: [UIView] = []
    open var window: UIWindow? { (self as? UIWindow) ?? superview?.window }
    open var safeAreaLayoutGuide: UILayoutGuide { layoutGuide }
    private lazy var layoutGuide = UILayoutGuide(owningView: self)
    /// How far the safe area is inset from the view's edges (the status bar, a notch, the home
    /// indicator); a test sets ``standInSafeAreaInsets``, there being no window to work it out.
    open var safeAreaInsets: UIEdgeInsets { standInSafeAreaInsets }
    public var standInSafeAreaInsets: UIEdgeInsets = .zero
    open var topAnchor: NSLayoutYAxisAnchor { anchors.top }
    open var bottomAnchor: NSLayoutYAxisAnchor { anchors.bottom }
    open var leadingAnchor: NSLayoutXAxisAnchor { anchors.leading }
    open var trailingAnchor: NSLayoutXAxisAnchor { anchors.trailing }
    open var heightAnchor: NSLayoutDimension { anchors.height }
    open var centerXAnchor: NSLayoutXAxisAnchor { anchors.centerX }
    open var centerYAnchor: NSLayoutYAxisAnchor { anchors.centerY }
    private lazy var anchors = (top: NSLayoutYAxisAnchor(), bottom: NSLayoutYAxisAnchor(), leading: NSLayoutXAxisAnchor(), trailing: NSLayoutXAxisAnchor(),
                                height: NSLayoutDimension(), centerX: NSLayoutXAxisAnchor(), centerY: NSLayoutYAxisAnchor())
    /// The controller whose `view` this is, told when the view lays out (UIKit's private link).
    weak var standInController: UIViewController?

    open func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

    open func insertSubview(_ view: UIView, at index: Int) {
        let oldWindow = view.window
        if let old = view.superview { old.subviews.removeAll { $0 === view } }
        subviews.insert(view, at: min(index, subviews.count))
        view.superview = self
        if view.window !== oldWindow { view.standInWindowChanged() }
    }

    open func removeFromSuperview() {
        guard let superview else { return }
        let oldWindow = window
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
        if oldWindow != nil { standInWindowChanged() }
    }

    open func didMoveToWindow() {}

    private func standInWindowChanged() {
        didMoveToWindow()
        for subview in subviews { subview.standInWindowChanged() }
        UITraitCollection.standInTraitsMayHaveChanged()
    }

    /// How often `endEditing(_:)` was called: each call takes the keyboard from the view's fields.
    public private(set) var standInEndEditingCount = 0

    @discardableResult open func endEditing(_ force: Bool) -> Bool {
        standInEndEditingCount += 1
        return true
    }

    open func setNeedsLayout() {}
    /// Lays the view out now: its controller hears `viewWillLayoutSubviews` and `viewDidLayoutSubviews`.
    open func layoutIfNeeded() {
        standInController?.viewWillLayoutSubviews()
        layoutSubviews()
        standInController?.viewDidLayoutSubviews()
    }
    open func layoutSubviews() {}

    /// Whether assistive apps skip the view and what is in it. (UIKit declares it on NSObject.)
    open var accessibilityElementsHidden = false
}

public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified = 0
    case playback = 1
    case spatial = 2
    case forceLeftToRight = 3
    case forceRightToLeft = 4
}

@available(watchOS, unavailable)
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0
    case light = 1
    case dark = 2
}

public struct UIEdgeInsets: Equatable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

@available(watchOS, unavailable)
@MainActor
open class UILabel: UIView {
    open var text: String?
    open var font: UIFont!
    open var adjustsFontForContentSizeCategory = false
}

open class UIColor: NSObject, @unchecked Sendable {
    /// Which color this is, for a test to compare.
    public let standInName: String
    public init(standInName: String) { self.standInName = standInName }
    open override func isEqual(_ object: Any?) -> Bool { (object as? UIColor)?.standInName == standInName }
    open override var hash: Int { standInName.hashValue }

    open class var clear: UIColor { UIColor(standInName: "clear") }
    open class var black: UIColor { UIColor(standInName: "black") }
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    open class var systemBackground: UIColor { UIColor(standInName: "systemBackground") }
}

open class UIFont: NSObject, @unchecked Sendable {
    public struct TextStyle: Hashable, RawRepresentable, Sendable {
        public init(rawValue: String) { self.rawValue = rawValue }
        public var rawValue: String
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
    }
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont { UIFont() }
}
