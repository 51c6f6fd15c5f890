// Stand-in for UIKit's Auto Layout, for Linux only (see UIResponder.swift): constraints are kept,
// never solved.
import Foundation

@available(watchOS, unavailable)
@MainActor
open class NSLayoutConstraint: NSObject {
    public let standInFirst: AnyObject
    public let standInSecond: AnyObject
    open var isActive = false

    init(first: AnyObject, second: AnyObject) {
        standInFirst = first
        standInSecond = second
        super.init()
    }

    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
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
open class UILayoutGuide: NSObject {
    open var topAnchor: NSLayoutYAxisAnchor { anchors.top }
    open var leadingAnchor: NSLayoutXAxisAnchor { anchors.leading }
    open var trailingAnchor: NSLayoutXAxisAnchor { anchors.trailing }
    private lazy var anchors = (top: NSLayoutYAxisAnchor(), leading: NSLayoutXAxisAnchor(), trailing: NSLayoutXAxisAnchor())
}
