// Stand-in for UIKit's navigation and alert controllers, for Linux only (see UIResponder.swift):
// what the UIKit example uses. A navigation controller holds its stack as children; an alert
// keeps its actions.
import Foundation

@available(watchOS, unavailable)
@MainActor
open class UINavigationController: UIViewController {
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        addChild(rootViewController)
        rootViewController.didMove(toParent: self)
    }
    public required init?(coder: NSCoder) { nil }

    open var viewControllers: [UIViewController] { children }
    open var topViewController: UIViewController? { children.last }
}

@available(watchOS, unavailable)
@MainActor
open class UIAlertController: UIViewController {
    public enum Style: Int, Sendable {
        case actionSheet = 0
        case alert = 1
    }

    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    open var message: String?
    open private(set) var preferredStyle: UIAlertController.Style = .alert
    open private(set) var actions: [UIAlertAction] = []
    open func addAction(_ action: UIAlertAction) { actions.append(action) }
}

@available(watchOS, unavailable)
@MainActor
open class UIAlertAction: NSObject {
    public enum Style: Int, Sendable {
        case `default` = 0
        case cancel = 1
        case destructive = 2
    }

    public convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.init()
        self.title = title
        self.style = style
    }

    open private(set) var title: String?
    open private(set) var style: UIAlertAction.Style = .default
}
