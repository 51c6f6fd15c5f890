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
    public init(windowScene: UIWindowScene) { fatalError() }
    open var rootViewController: UIViewController? { get { fatalError() } set { fatalError() } }
    open func makeKeyAndVisible() { fatalError() }
}
