import Accessibility
import Foundation
import LaunchGate
import LaunchGateTesting
@testable import LaunchGateUI
import StoreKit
import SwiftUI
import Testing
import UIKit

/// One device for the adapters' tests, on the executable UIKit stand-ins: a scene, the app's
/// window, and a flow over scripted answers. `launch` puts a `LaunchGateViewController` in the
/// window as UIKit does (the view loads, the window becomes key, the controller appears).
@MainActor
final class UIHarness {
    let transport = ScriptedTransport()
    let store = InMemoryKeyValueStore()
    let opener = RecordingURLOpener()
    let policyURL = URL(string: "https://updates.example.com/v1/apps/notes/policy?platform=ios")!
    let scene = UIWindowScene()
    lazy var appWindow = UIWindow(windowScene: scene)

    init() {
        UIAccessibility.standInReset()
        AccessibilityNotification.standInAnnouncements = []
        StoreKit.Storefront.standInReset()
    }

    /// A flow over this device's store: a relaunch when called again.
    func flow(mode: LaunchMode = .nonBlocking) -> LaunchFlow {
        let monitor = UpdateMonitor(
            configuration: .init(source: PolicySource(url: policyURL), launchMode: mode),
            app: AppInfo(version: "1.5.0", platform: .ios, osVersion: "17.4", preferredLanguages: ["en"]),
            store: store, transport: transport, opener: opener, makeInstallID: { "install-1" })
        return LaunchFlow(updates: monitor)
    }

    /// Another window of the app, in a scene of its own (an iPad's second window), kept alive as a
    /// scene delegate keeps its window.
    func anotherWindow() -> UIWindow {
        let scene = UIWindowScene()
        let window = UIWindow(windowScene: scene)
        otherWindows.append((scene, window))
        return window
    }
    private var otherWindows: [(UIWindowScene, UIWindow)] = []

    /// Sign-in against a server that answers nothing, with nobody signed in on this device.
    func signIn() -> SignInFlow {
        SignInFlow(client: AuthClient(baseURL: URL(string: "https://auth.example.com")!, paths: .app("notes"), transport: transport),
                   sessions: InMemorySessionStore(), store: store)
    }

    /// Puts a root controller for `flow` in the app's window, as a scene delegate does (the window,
    /// once visible, makes its root appear).
    func launch(_ flow: LaunchFlow, main: @escaping () -> UIViewController = { MainController() }) -> LaunchGateViewController {
        let root = LaunchGateViewController(flow: flow, main: main)
        appWindow.rootViewController = root
        appWindow.makeKeyAndVisible()
        return root
    }

    /// The next policy answer: the app (1.5.0) is required to update when `required` is newer,
    /// sees a recommended update's full screen when `recommended` is, and the banner when only
    /// `latest` is; re-checked at every foreground (refresh interval 0).
    func answer(required: String = "1.0.0", recommended: String? = nil, latest: String = "1.5.0") {
        let recommended = recommended.map { #""recommended": {"version": "\#($0)"},"# } ?? ""
        let body = """
        {"schemaVersion": 1, "issuedAt": "2026-11-20T09:00:00Z",
         "subject": {"app": "notes", "channel": "production", "platform": "ios"},
         "platforms": {"ios": {"latest": {"version": "\(latest)", "notes": "Bug fixes."},
           "required": {"version": "\(required)"}, \(recommended)
           "updateURL": "https://apps.apple.com/app/id1", "refreshInterval": 0}}}
        """
        transport.enqueue(.respond(.json(Data(body.utf8))), for: policyURL)
    }

    /// Comes back from the background, as UIKit tells a root controller.
    func returnFromBackground() {
        NotificationCenter.default.post(name: UIApplication.willEnterForegroundNotification, object: nil)
    }

    /// The window above the app, while one is up.
    var gateWindow: UIWindow? {
        scene.windows.first { $0.windowLevel.rawValue > UIWindow.Level.alert.rawValue && !$0.isHidden }
    }

    /// The screen the window above the app shows.
    var gateScreen: UIViewController? {
        (gateWindow?.rootViewController as? GateRootViewController)?.shownScreen
    }

    /// Lets the tasks the adapters started run (an observation's re-render, a foreground check)
    /// until `condition` holds; fails the wait after 200 turns of the main actor.
    @discardableResult
    func settle(until condition: () -> Bool = { false }) async -> Bool {
        for _ in 0..<200 {
            if condition() { return true }
            await Task.yield()
            try? await Task.sleep(for: .milliseconds(1))
        }
        return condition()
    }
}

/// The app's main controller, with preferences of its own to forward.
final class MainController: UIViewController {
    var hidesStatusBar = false
    var orientations: UIInterfaceOrientationMask = .allButUpsideDown
    override var prefersStatusBarHidden: Bool { hidesStatusBar }
    override var prefersHomeIndicatorAutoHidden: Bool { true }
    override var supportedInterfaceOrientations: UIInterfaceOrientationMask { orientations }
}

/// A controller a third-party SDK presents on "the key window's top view controller" (a consent
/// form), which hears whether it was dismissed or just dropped.
final class ConsentSheet: UIViewController {
    private(set) var didDisappear = false
    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        didDisappear = true
    }

    /// Presents the sheet the way such SDKs do: on the key window's top-most controller.
    static func presentOnKeyWindow(of scene: UIWindowScene) -> ConsentSheet? {
        guard var top = scene.keyWindow?.rootViewController else { return nil }
        while let next = top.presentedViewController { top = next }
        let sheet = ConsentSheet()
        top.present(sheet, animated: true)
        return sheet.presentingViewController == nil ? nil : sheet
    }
}

/// The adapters' suites, one at a time: UIKit's accessibility notifications are process-wide,
/// as on a device, so two tests posting at once would see each other's.
@Suite(.serialized)
enum AdapterTests {}
