// Stand-in for UIKit, for Linux only: `scripts/typecheck-apple` type-checks the adapters and
// examples against it, and `swift test` runs the adapters on it (Tests/AppleStandIns/README.md).
// Declarations follow developer.apple.com/documentation/uikit, availability included. Windows,
// view controllers and presentations have bodies that keep and record what is done to them, so a
// test can drive the adapters; members named `standIn…` are test hooks that UIKit doesn't have.
@_exported import Foundation

@available(watchOS, unavailable)
@MainActor
open class UIResponder: NSObject {
    public override init() { super.init() }
}

@available(watchOS, unavailable)
@MainActor
open class UIApplication: UIResponder {
    private static let instance = UIApplication(standIn: ())
    public class var shared: UIApplication { instance }
    public nonisolated static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    public nonisolated static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    public nonisolated static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    public nonisolated static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    public nonisolated static let protectedDataDidBecomeAvailableNotification =
        Notification.Name("UIApplicationProtectedDataDidBecomeAvailableNotification")
    public nonisolated static let significantTimeChangeNotification =
        Notification.Name("UIApplicationSignificantTimeChangeNotification")

    @available(*, unavailable, message: "UIApplication.shared is the only instance")
    public override init() { super.init() }
    private init(standIn: Void) { super.init() }

    /// Every URL `open` was given, in order (a stand-in's record).
    public private(set) var standInOpenedURLs: [URL] = []

    public func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:]) async -> Bool {
        standInOpenedURLs.append(url)
        return true
    }

    /// The background tasks begun and not yet ended, by name (a stand-in's record).
    public private(set) var standInBackgroundTasks: [UIBackgroundTaskIdentifier: String] = [:]
    private var standInNextBackgroundTask = 1
    /// The expiration handlers of the tasks begun, to call as the system would (a stand-in's hook).
    public private(set) var standInExpirationHandlers: [UIBackgroundTaskIdentifier: @MainActor @Sendable () -> Void] = [:]

    public func beginBackgroundTask(withName taskName: String?,
                                    expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil) -> UIBackgroundTaskIdentifier {
        let identifier = UIBackgroundTaskIdentifier(rawValue: standInNextBackgroundTask)
        standInNextBackgroundTask += 1
        standInBackgroundTasks[identifier] = taskName ?? ""
        standInExpirationHandlers[identifier] = handler
        return identifier
    }

    public func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
        standInBackgroundTasks[identifier] = nil
        standInExpirationHandlers[identifier] = nil
    }

    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public init(rawValue: String) { self.rawValue = rawValue }
        public var rawValue: String
    }
}

// An Objective-C protocol whose requirements are all optional. Swift on Linux has no optional
// requirements, so each is a requirement with an empty default, and an adapter's method is
// called only if its name is the selector's: a misspelt one is a method nobody calls (the
// executable tests see that), and scripts/check-delegates.py checks every name against Apple's.
@available(watchOS, unavailable)
@MainActor
public protocol UIApplicationDelegate: AnyObject {
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration
}

@available(watchOS, unavailable)
extension UIApplicationDelegate {
    public func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                            options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
    }

    /// What `@main` calls on an app delegate (iOS 14).
    public static func main() { fatalError("a stand-in app can't be launched") }
}

@available(watchOS, unavailable)
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public init(rawValue: Int) { self.rawValue = rawValue }
    public var rawValue: Int
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}
