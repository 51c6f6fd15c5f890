// Stand-in for UIKit's Auto Layout, for Linux only (see UIResponder.swift): constraints are kept,
// never solved.
import Foundation

@available(watchOS, unavailable)
@MainActor
open class NSLayoutConstraint: NSObject {
    public let standInFirst: AnyObject
    /// The anchor the first is tied to; `nil` for a constant (a height, say).
    public let standInSecond: AnyObject?
    open var isActive = false
    open var constant: CGFloat

    init(first: AnyObject, second: AnyObject?, constant: CGFloat = 0) {
        standInFirst = first
        standInSecond = second
        self.constant = constant
        super.init()
    }

    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints {
            constraint.isActive = true
            active.append(Weak(constraint: constraint))
        }
    }

    private struct Weak { weak var constraint: NSLayoutConstraint? }
    private static var active: [Weak] = []

    /// The active constraints on `anchor` (a stand-in's record; there is no engine to ask).
    public static func standInActive(on anchor: AnyObject) -> [NSLayoutConstraint] {
        active.compactMap(\.constraint).filter { $0.isActive && $0.standInFirst === anchor }
    }
}

@available(watchOS, unavailable)
@MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        NSLayoutConstraint(first: self, second: anchor)
    }
}

@available(watchOS, unavailable)
@MainActor
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

@available(watchOS, unavailable)
@MainActor
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

@available(watchOS, unavailable)
@MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(first: self, second: nil, constant: c)
    }
}

@available(watchOS, unavailable)
@MainActor
open class UILayoutGuide: NSObject {
    /// The view whose safe area this is.
    open private(set) weak var owningView: UIView?
    init(owningView: UIView) {
        self.owningView = owningView
        super.init()
    }
    /// The guide's rectangle in its view: the view's bounds less its safe area insets.
    open var layoutFrame: CGRect {
        guard let view = owningView else { return .zero }
        let insets = view.safeAreaInsets
        return CGRect(x: insets.left, y: insets.top, width: max(0, view.bounds.width - insets.left - insets.right),
                      height: max(0, view.bounds.height - insets.top - insets.bottom))
    }
    open var topAnchor: NSLayoutYAxisAnchor { anchors.top }
    open var leadingAnchor: NSLayoutXAxisAnchor { anchors.leading }
    open var trailingAnchor: NSLayoutXAxisAnchor { anchors.trailing }
    private lazy var anchors = (top: NSLayoutYAxisAnchor(), leading: NSLayoutXAxisAnchor(), trailing: NSLayoutXAxisAnchor())
}
