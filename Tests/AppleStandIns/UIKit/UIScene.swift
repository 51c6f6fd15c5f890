// Stand-in for UIKit's scenes, for Linux only (see UIResponder.swift).
import Foundation

@available(watchOS, unavailable)
@MainActor
open class UIScene: UIResponder {
    public class ConnectionOptions {
        public init() {}
    }

    /// A scene's state in the app's life cycle.
    public enum ActivationState: Int, Sendable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive = 1
        case background = 2
    }

    /// Where the scene is now. Side by side (Split View, Slide Over, Stage Manager) every visible
    /// scene is `foregroundActive` at once, as on an iPad; a stand-in's scene starts there, and a
    /// test moves it (``standInActivationState``).
    open var activationState: UIScene.ActivationState { standInActivationState }

    /// The state ``activationState`` answers (a stand-in's hook; UIKit moves a scene itself).
    public var standInActivationState: UIScene.ActivationState = .foregroundActive
}

@available(watchOS, unavailable)
@MainActor
open class UIWindowScene: UIScene {
    /// The windows made for this scene and still alive; UIKit doesn't keep a window alive either.
    private var standInWindows: [Weak] = []
    private struct Weak { weak var window: UIWindow? }
    /// The size a new window of this scene gets.
    public let standInBounds: CGRect

    /// Creates a scene with a screen of the given size (a stand-in's; UIKit makes scenes itself).
    public init(standInBounds: CGRect = CGRect(x: 0, y: 0, width: 390, height: 844)) {
        self.standInBounds = standInBounds
        super.init()
    }

    /// The scene's windows, back to front.
    @available(iOS 15.0, tvOS 15.0, *)
    open var windows: [UIWindow] { standInWindows.compactMap(\.window) }

    /// The scene's key window.
    @available(iOS 15.0, tvOS 15.0, *)
    open private(set) var keyWindow: UIWindow?

    func standInAdd(_ window: UIWindow) { standInWindows.append(Weak(window: window)) }

    func standInMakeKey(_ window: UIWindow) {
        guard keyWindow !== window else { return }
        let old = keyWindow
        keyWindow = window
        old?.resignKey()
        window.becomeKey()
    }

    func standInResign(_ window: UIWindow) {
        guard keyWindow === window else { return }
        keyWindow = nil
        window.resignKey()
    }

    // MARK: Transitions

    /// Whether animated presentations and dismissals in this scene take time, as on a device: each
    /// stays under way until ``standInFinishTransitions()``. `false` (the default) ends each at once.
    public var standInDefersTransitions = false
    private var standInPendingTransitions: [() -> Void] = []

    /// Whether a presentation or dismissal is under way in this scene.
    public var standInHasPendingTransitions: Bool { !standInPendingTransitions.isEmpty }

    func standInDefer(_ finish: @escaping () -> Void) { standInPendingTransitions.append(finish) }

    /// Ends the transitions under way now, in the order they began, as their animations would;
    /// those their completions start are left under way.
    public func standInFinishTransitions() {
        let pending = standInPendingTransitions
        standInPendingTransitions = []
        for finish in pending { finish() }
    }

    // MARK: Traits

    /// The system's appearance for this scene (Settings' Dark Mode): what a window that overrides
    /// nothing has. Setting it tells every registration whose style changes.
    public var standInUserInterfaceStyle: UIUserInterfaceStyle = .light {
        didSet { UITraitCollection.standInTraitsMayHaveChanged() }
    }
}

@available(watchOS, unavailable)
@MainActor
public protocol UISceneDelegate: AnyObject {}

@available(watchOS, unavailable)
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
}

@available(watchOS, unavailable)
extension UIWindowSceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
                      options connectionOptions: UIScene.ConnectionOptions) {}
}

@available(watchOS, unavailable)
@MainActor
open class UISceneSession: NSObject {
    public struct Role: Hashable, RawRepresentable, Sendable {
        public init(rawValue: String) { self.rawValue = rawValue }
        public var rawValue: String
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }
    open var role: UISceneSession.Role { .windowApplication }
}

@available(watchOS, unavailable)
@MainActor
open class UISceneConfiguration: NSObject {
    public init(name: String?, sessionRole: UISceneSession.Role) { super.init() }
    open var delegateClass: AnyClass?
}
