// Stand-in for UIKit's scenes, for type-checking on Linux only; bodies never run.
import Foundation

@MainActor
open class UIScene: UIResponder {
    public class ConnectionOptions {}
}

@MainActor
open class UIWindowScene: UIScene {}

@MainActor
public protocol UISceneDelegate: AnyObject {}

@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {}

@MainActor
open class UISceneSession: NSObject {
    public struct Role: Hashable, RawRepresentable, Sendable {
        public init(rawValue: String) { fatalError() }
        public var rawValue: String { fatalError() }
    }
    open var role: UISceneSession.Role { fatalError() }
}

@MainActor
open class UISceneConfiguration: NSObject {
    public init(name: String?, sessionRole: UISceneSession.Role) { fatalError() }
    open var delegateClass: AnyClass? { get { fatalError() } set { fatalError() } }
}

@MainActor
open class UIWindow: UIView {
    public struct Level: Hashable, RawRepresentable, Sendable {
        public init(_ rawValue: CGFloat) { fatalError() }
        public init(rawValue: CGFloat) { fatalError() }
        public var rawValue: CGFloat { fatalError() }
        public static let normal = Level(rawValue: 0)
        public static let statusBar = Level(rawValue: 1000)
        public static let alert = Level(rawValue: 2000)
    }

    public init(windowScene: UIWindowScene) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }
    open var windowScene: UIWindowScene? { get { fatalError() } set { fatalError() } }
    open var windowLevel: UIWindow.Level { get { fatalError() } set { fatalError() } }
    open var rootViewController: UIViewController? { get { fatalError() } set { fatalError() } }
    open func makeKey() { fatalError() }
    open func makeKeyAndVisible() { fatalError() }
}
