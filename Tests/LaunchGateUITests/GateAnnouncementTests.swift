import Accessibility
import Foundation
import LaunchGate
import LaunchGateTesting
@testable import LaunchGateUI
import SwiftUI
import Testing
import UIKit

extension AdapterTests {
    @MainActor
    @Suite("VoiceOver hears a blocking screen once: moved to it in the window above the app, its title said in the app's own")
    struct GateAnnouncementTests {
        @Test("in the window above the app VoiceOver is moved to the screen's view after it appears, and its title isn't also announced")
        func aboveAppMovesFocusWithoutTitle() async throws {
            let device = UIHarness()
            let flow = device.flow()
            device.answer(required: "2.0.0", latest: "2.0.0")
            _ = device.launch(flow)
            await flow.start()
            await device.settle { device.gateWindow != nil }
            let screen = try #require(device.gateScreen as? any StandInAppearing)
            screen.standInAppear()
            let posted = UIAccessibility.standInPosted
            #expect(posted.map(\.notification) == [.screenChanged], "posted once, from the root's viewDidAppear")
            #expect(posted.first?.argument as? UIView === device.gateScreen?.view, "with the screen's own view")
            #expect(AccessibilityNotification.standInAnnouncements.isEmpty,
                    "the title is read where VoiceOver lands, not announced a second time")
        }

        @Test("SwiftUI: a blocking screen that replaces the loading screen in the window above the app is a new screen there, which VoiceOver is moved to; the same screen again moves nothing")
        func swiftUIReplacementMovesFocus() throws {
            // What LaunchGateView's window does as the flow's gateScreen changes (AboveAppWindow).
            let device = UIHarness()
            device.appWindow.rootViewController = MainController()
            device.appWindow.makeKeyAndVisible()
            let gate = GateWindow()
            gate.appWindow = device.appWindow
            var made = 0
            let loading = UIViewController()
            gate.show(for: AnyHashable(nil as GateScreen?), takesKey: false, theme: .system) { made += 1; return loading }
            let window = try #require(device.gateWindow)
            // The loading screen's state changes again (the same screen): nothing is made or posted.
            gate.show(for: AnyHashable(nil as GateScreen?), takesKey: false, theme: .system) { made += 1; return UIViewController() }
            #expect(made == 1)
            #expect(device.gateScreen === loading)
            #expect(UIAccessibility.standInPosted.count == 1, "one .screenChanged, when the window appeared")

            let blocking = UIViewController()
            let required = GateScreen(kind: .updateRequired, style: .blocking, title: "Update required", message: "Update to go on.")
            gate.show(for: AnyHashable(required as GateScreen?), takesKey: true, theme: .system) { made += 1; return blocking }
            #expect(made == 2)
            #expect(device.gateWindow === window, "the same window")
            #expect(device.gateScreen === blocking)
            #expect(device.scene.keyWindow === window, "a blocking screen takes key")
            let posted = UIAccessibility.standInPosted
            #expect(posted.map(\.notification) == [.screenChanged, .screenChanged])
            #expect(posted.last?.argument as? UIView === blocking.view, "VoiceOver moves to the blocking screen")
        }

        @Test("drawn in the controller's own view (no window scene to put a window in), the screen announces its title once")
        func inOwnViewAnnouncesTitle() async throws {
            let device = UIHarness()
            let flow = device.flow()
            device.answer(required: "2.0.0", latest: "2.0.0")
            let root = LaunchGateViewController(flow: flow) { MainController() }
            root.loadViewIfNeeded()
            await flow.start()
            await device.settle { flow.state.isBlocking && root.children.contains { $0 is any StandInAppearing } }
            guard case .updateRequired(let gate) = flow.state else {
                Issue.record("expected a required update, got \(flow.state)")
                return
            }
            #expect(device.gateWindow == nil)
            let screen = try #require(root.children.lazy.compactMap { $0 as? any StandInAppearing }.first,
                                      "the screen is hosted in the controller's own view")
            screen.standInAppear()
            #expect(AccessibilityNotification.standInAnnouncements == [gate.title])
            #expect(UIAccessibility.standInPosted.isEmpty, "no window was shown, so VoiceOver isn't moved")
        }
    }
}
