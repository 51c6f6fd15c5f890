import Foundation
import LaunchGate
import LaunchGateTesting
@testable import LaunchGateUI
import Testing
import UIKit

extension AdapterTests {
    @MainActor
    @Suite("The window above the app: hand-off, key window, what was presented on it, VoiceOver")
    struct GateWindowTests {
        @Test("a blocking launch's loading screen moves into the window above the app once the controller is in a window, without taking key")
        func loadingHandOff() async {
            let device = UIHarness()
            let gate = TransportGate()
            let flow = device.flow(mode: .blocking(timeout: .seconds(30)))
            let root = LaunchGateViewController(flow: flow) { MainController() }
            // Before the controller is in a window, the loading screen can only be its child.
            root.loadViewIfNeeded()
            #expect(flow.state == .checking)
            #expect(root.children.count == 1, "the loading screen is a child until there is a window")
            device.appWindow.rootViewController = root
            device.transport.enqueue(.gated(gate, .json(Data("{}".utf8))), for: device.policyURL)
            device.appWindow.makeKeyAndVisible()

            #expect(device.gateWindow != nil, "the loading screen went up in the window above the app")
            #expect(root.children.isEmpty, "and left the controller's own view")
            #expect(device.scene.keyWindow === device.appWindow, "a check's loading screen doesn't take key")
            #expect(device.appWindow.accessibilityElementsHidden, "VoiceOver can't reach the covered app")
            let sheet = ConsentSheet.presentOnKeyWindow(of: device.scene)
            #expect(sheet?.presentingViewController === root, "what an SDK presents during the check lands on the app")
            gate.open()
        }

        @Test("a required update takes key; when it lifts, a sheet presented on it is dismissed before key goes back to the app")
        func keyWindowRestore() async {
            let device = UIHarness()
            let flow = device.flow()
            device.answer(required: "2.0.0", latest: "2.0.0")
            let root = device.launch(flow)
            await flow.start()
            await device.settle { device.gateWindow != nil && device.scene.keyWindow === device.gateWindow }
            guard case .updateRequired = flow.state else {
                Issue.record("expected a required update, got \(flow.state)")
                return
            }
            let gateWindow = device.gateWindow
            #expect(device.scene.keyWindow === gateWindow, "the blocking screen takes key, and with it the keyboard")
            #expect(device.appWindow.standInEndEditingCount > 0, "the app's fields gave up the keyboard")

            // An SDK presents its consent form on the key window's top controller: the gate's root.
            let sheet = ConsentSheet.presentOnKeyWindow(of: device.scene)
            #expect(sheet != nil)

            // The next policy lifts the block.
            device.answer(required: "1.0.0", latest: "1.5.0")
            device.returnFromBackground()
            await device.settle { device.gateWindow == nil }
            #expect(flow.state == .plainApp)
            #expect(device.gateWindow == nil, "the window above the app is gone")
            #expect(sheet?.didDisappear == true, "the sheet was dismissed, so it heard it went")
            #expect(sheet?.presentingViewController == nil)
            #expect(device.scene.keyWindow === device.appWindow, "key went back to the app's window")
            #expect(!device.appWindow.accessibilityElementsHidden)
            #expect(root.mainViewController?.view.isHidden == false)
        }

        @Test("key goes back to the window that had it, not always to the app's")
        func keyGoesBackToWhoHadIt() async {
            let device = UIHarness()
            let flow = device.flow()
            device.answer(required: "2.0.0", latest: "2.0.0")
            _ = device.launch(flow)
            // Another window of the app (an SDK's overlay) is key when the block comes.
            let overlay = UIWindow(windowScene: device.scene)
            overlay.makeKeyAndVisible()
            await flow.start()
            await device.settle { device.scene.keyWindow === device.gateWindow }
            #expect(device.scene.keyWindow === device.gateWindow)
            device.answer(required: "1.0.0", latest: "1.5.0")
            device.returnFromBackground()
            await device.settle { device.gateWindow == nil }
            #expect(device.scene.keyWindow === overlay)
        }

        @Test("VoiceOver moves to the screen once the window above the app has appeared, and back to the app when it goes")
        func screenChanged() async {
            let device = UIHarness()
            let flow = device.flow()
            device.answer(required: "2.0.0", latest: "2.0.0")
            _ = device.launch(flow)
            await flow.start()
            await device.settle { device.gateWindow != nil }
            let posted = UIAccessibility.standInPosted
            #expect(posted.map(\.notification) == [.screenChanged])
            #expect(posted.first?.argument as? UIView === device.gateScreen?.view, "to the screen's own view, not to nothing")
            device.answer(required: "1.0.0", latest: "1.5.0")
            device.returnFromBackground()
            await device.settle { device.gateWindow == nil }
            #expect(UIAccessibility.standInPosted.map(\.notification) == [.screenChanged, .screenChanged])
        }

        @Test("a blocking screen that replaces the loading screen in the same window moves VoiceOver to it")
        func screenChangedOnReplacement() async throws {
            let device = UIHarness()
            let gate = TransportGate()
            let flow = device.flow(mode: .blocking(timeout: .seconds(30)))
            let body = """
            {"schemaVersion": 1, "issuedAt": "2026-11-20T09:00:00Z",
             "subject": {"app": "notes", "channel": "production", "platform": "ios"},
             "platforms": {"ios": {"latest": {"version": "2.0.0"}, "required": {"version": "2.0.0"},
               "updateURL": "https://apps.apple.com/app/id1"}}}
            """
            device.transport.enqueue(.gated(gate, .json(Data(body.utf8))), for: device.policyURL)
            _ = device.launch(flow)
            await device.settle { device.gateWindow != nil }
            let window = try #require(device.gateWindow)
            let loading = device.gateScreen
            gate.open()
            await device.settle { flow.state.isBlocking && device.gateScreen !== loading }
            #expect(device.gateWindow === window, "the same window")
            #expect(device.gateScreen !== loading)
            let posted = UIAccessibility.standInPosted
            #expect(posted.map(\.notification) == [.screenChanged, .screenChanged])
            #expect(posted.last?.argument as? UIView === device.gateScreen?.view)
        }

        @Test("the window above the app keeps the app window's Dark Mode and tint, and its rotation and status bar")
        func appearancePassesThrough() async {
            let device = UIHarness()
            device.appWindow.overrideUserInterfaceStyle = .dark
            device.appWindow.tintColor = UIColor(standInName: "brand")
            let flow = device.flow()
            device.answer(required: "2.0.0", latest: "2.0.0")
            let main = MainController()
            main.hidesStatusBar = true
            main.orientations = .portrait
            let root = device.launch(flow) { main }
            // The app is shown first (the check isn't blocking), so its main controller exists.
            #expect(root.mainViewController === main)
            await flow.start()
            await device.settle { device.gateWindow != nil }
            let window = device.gateWindow
            #expect(window?.overrideUserInterfaceStyle == .dark)
            #expect(window?.tintColor == UIColor(standInName: "brand"))
            let gateRoot = window?.rootViewController
            #expect(gateRoot?.supportedInterfaceOrientations == .portrait, "a gate never turns a portrait-only app sideways")
            #expect(gateRoot?.prefersStatusBarHidden == true, "nor brings back a status bar the app hides")
        }

        @Test("the window above the app follows the app into and out of Dark Mode while it is up, and its status bar with it")
        func followsDarkMode() async throws {
            let device = UIHarness()
            let flow = device.flow()
            device.answer(required: "2.0.0", latest: "2.0.0")
            _ = device.launch(flow)
            await flow.start()
            await device.settle { device.gateWindow != nil }
            let window = try #require(device.gateWindow)
            let gateRoot = try #require(window.rootViewController)
            #expect(window.overrideUserInterfaceStyle == .light)
            #expect(gateRoot.preferredStatusBarStyle == .darkContent)
            let updates = gateRoot.standInAppearanceUpdates.count
            device.scene.standInUserInterfaceStyle = .dark   // Settings, or Control Center's Dark Mode
            #expect(window.overrideUserInterfaceStyle == .dark)
            #expect(gateRoot.preferredStatusBarStyle == .lightContent, "light text on the system look's black")
            #expect(gateRoot.standInAppearanceUpdates.count > updates, "UIKit was told to ask for the status bar again")
            device.scene.standInUserInterfaceStyle = .light
            #expect(window.overrideUserInterfaceStyle == .light)
        }

        @Test("the status bar reads on the theme's background in either appearance: dark text on the playful turquoise, even in Dark Mode")
        func statusBarFollowsTheTheme() {
            #expect(LaunchGateTheme.playful.statusBarStyle(for: .dark) == .darkContent)
            #expect(LaunchGateTheme.playful.statusBarStyle(for: .light) == .darkContent)
            #expect(LaunchGateTheme.system.statusBarStyle(for: .dark) == .lightContent)
            #expect(LaunchGateTheme.system.statusBarStyle(for: .light) == .darkContent)
            #expect(LaunchGateTheme(background: "#101820").statusBarStyle(for: .light) == .lightContent)
        }

        @Test("an owner that goes away with a screen up takes the window with it and gives the app back")
        func ownerGoesAway() async {
            let device = UIHarness()
            var gate: GateWindow? = GateWindow()
            gate?.appWindow = device.appWindow
            device.appWindow.makeKeyAndVisible()
            #expect(gate?.show(UIViewController(), takesKey: true, theme: .system) == true)
            #expect(device.gateWindow != nil)
            gate = nil
            await device.settle { device.gateWindow == nil && !device.appWindow.accessibilityElementsHidden }
            #expect(device.gateWindow == nil, "no opaque window is left over the app")
            #expect(!device.appWindow.accessibilityElementsHidden)
            #expect(device.appWindow.isUserInteractionEnabled)
        }
    }
}
