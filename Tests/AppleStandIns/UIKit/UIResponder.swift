// Stand-in for UIKit, for type-checking LaunchGateUI and Examples/ on Linux only.
// Declarations follow developer.apple.com/documentation/uikit; bodies never run. Objective-C
// optional protocol requirements can't be declared without the Objective-C runtime, so the
// delegate protocols have none; the examples' delegate methods are checked as plain methods.
@_exported import Foundation

@MainActor
open class UIResponder: NSObject {
    public override init() { fatalError() }
}

@MainActor
open class UIApplication: UIResponder {
    public class var shared: UIApplication { fatalError() }
    public nonisolated static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    public func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:]) async -> Bool { fatalError() }

    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public init(rawValue: String) { fatalError() }
        public var rawValue: String { fatalError() }
    }
}

@MainActor
public protocol UIApplicationDelegate: AnyObject {}

extension UIApplicationDelegate {
    /// What `@main` calls on an app delegate (iOS 14).
    public static func main() { fatalError() }
}
