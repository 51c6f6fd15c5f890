// Stand-in for UIKit's Auto Layout, for type-checking on Linux only; bodies never run.
import Foundation

@MainActor
open class NSLayoutConstraint: NSObject {
    open class func activate(_ constraints: [NSLayoutConstraint]) { fatalError() }
}

@MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { fatalError() }
}

@MainActor
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

@MainActor
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

@MainActor
open class UILayoutGuide: NSObject {
    open var topAnchor: NSLayoutYAxisAnchor { fatalError() }
    open var leadingAnchor: NSLayoutXAxisAnchor { fatalError() }
    open var trailingAnchor: NSLayoutXAxisAnchor { fatalError() }
}
