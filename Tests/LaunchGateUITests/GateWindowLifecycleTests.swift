import Foundation
import LaunchGate
import LaunchGateTesting
@testable import LaunchGateUI
import Testing
import UIKit

extension AdapterTests {
    @MainActor
    @Suite("The window above the app over time: transitions under way, the app's input, a recommended update, an owner that goes")
    struct GateWindowLifecycleTests {
        /// A required update over the app, with key; its window is `device.gateWindow`.
        private func blocked(_ device: UIHarness) async -> (LaunchFlow, LaunchGateViewController) {
            let flow = device.flow()
            device.answer(required: "2.0.0", latest: "2.0.0")
            let root = device.launch(flow)
            await flow.start()
            await device.settle { device.gateWindow != nil && device.scene.keyWindow === device.gateWindow }
            return (flow, root)
        }

        // MARK: Tests

        @Test("a block that lifts while a sheet on it is still being presented hides its window at once; the sheet is dismissed when its presentation ends")
        func hideDuringPresentation() async throws {
            let device = UIHarness()
            let (_, _) = await blocked(device)
            let gateWindow = try #require(device.gateWindow)
            device.scene.standInDefersTransitions = true
            // An SDK presents its consent form on the key window, animated: still under way.
            let sheet = try #require(ConsentSheet.presentOnKeyWindow(of: device.scene))
            #expect(sheet.isBeingPresented)

            device.answer(required: "1.0.0", latest: "1.5.0")
            device.returnFromBackground()
            await device.settle { device.gateWindow == nil }
            #expect(gateWindow.isHidden, "the window went at once, not after a dismissal UIKit would drop")
            #expect(!device.appWindow.accessibilityElementsHidden)
            #expect(device.appWindow.isUserInteractionEnabled, "the app takes touches again")
            #expect(device.scene.keyWindow === device.appWindow)
            #expect(gateWindow.rootViewController?.standInDroppedDismissals.isEmpty == true,
                    "no dismissal was asked for while the presentation was under way")

            // The presentation ends: only now is the sheet dismissed, hearing that it went.
            device.scene.standInFinishTransitions()
            // The clean-up walks again a turn after the transition's completion.
            await device.settle { sheet.didDisappear && gateWindow.rootViewController == nil }
            #expect(sheet.didDisappear)
            #expect(sheet.presentingViewController == nil)
            #expect(gateWindow.rootViewController == nil, "the old window is taken apart once its sheet is gone")
        }

        @Test("a block that comes back before the old sheet's presentation ends gets a window of its own, which the old one's end leaves alone")
        func newGateDuringOldTeardown() async throws {
            let device = UIHarness()
            let (flow, _) = await blocked(device)
            let first = try #require(device.gateWindow)
            device.scene.standInDefersTransitions = true
            let sheet = try #require(ConsentSheet.presentOnKeyWindow(of: device.scene))
            device.answer(required: "1.0.0", latest: "1.5.0")
            device.returnFromBackground()
            await device.settle { device.gateWindow == nil }
            device.answer(required: "2.0.0", latest: "2.0.0")
            device.returnFromBackground()
            await device.settle { device.gateWindow != nil }
            let second = try #require(device.gateWindow)
            #expect(second !== first)
            let postedBefore = UIAccessibility.standInPosted.count

            device.scene.standInFinishTransitions()
            await device.settle { sheet.didDisappear }
            #expect(sheet.didDisappear)
            #expect(flow.state.isBlocking)
            #expect(device.gateWindow === second && !second.isHidden, "the new block stays up")
            #expect(device.appWindow.accessibilityElementsHidden, "and the app stays hidden from VoiceOver")
            #expect(!device.appWindow.isUserInteractionEnabled)
            #expect(device.scene.keyWindow === second)
            #expect(UIAccessibility.standInPosted.count == postedBefore, "nothing announced the app while the block is up")
        }

        @Test("while any screen is above the app, even a check's loading screen, the app's window takes no touches, presses or shortcuts")
        func appTakesNoInputWhileCovered() async {
            let device = UIHarness()
            let gate = TransportGate()
            let flow = device.flow(mode: .blocking(timeout: .seconds(30)))
            device.transport.enqueue(.gated(gate, .json(Data("{}".utf8))), for: device.policyURL)
            _ = device.launch(flow)
            await device.settle { device.gateWindow != nil }
            #expect(flow.state == .checking)
            #expect(device.scene.keyWindow === device.appWindow, "the loading screen doesn't take key")
            #expect(!device.appWindow.isUserInteractionEnabled, "but the covered app can't be reached with a keyboard")
            gate.open()
            await device.settle { device.gateWindow == nil }
            #expect(device.appWindow.isUserInteractionEnabled)
        }

        @Test("a window the app made non-interactive itself stays so when the screen above it goes")
        func appsOwnInteractionKept() async {
            let device = UIHarness()
            device.appWindow.isUserInteractionEnabled = false
            _ = await blocked(device)
            device.answer(required: "1.0.0", latest: "1.5.0")
            device.returnFromBackground()
            await device.settle { device.gateWindow == nil }
            #expect(!device.appWindow.isUserInteractionEnabled)
        }

        @Test("a root controller the app replaces takes its screen above the app with it")
        func rootReplaced() async {
            let device = UIHarness()
            _ = await blocked(device)
            device.appWindow.rootViewController = MainController()   // the app starts over, say after its own sign-out
            #expect(device.gateWindow == nil, "no window is left over the new root")
            #expect(!device.appWindow.accessibilityElementsHidden)
            #expect(device.appWindow.isUserInteractionEnabled)
            #expect(device.scene.keyWindow === device.appWindow)
        }

        @Test("a full-screen cover the app presents takes the root out of its window without taking the block down")
        func fullScreenCoverKeepsTheBlock() async throws {
            let device = UIHarness()
            let (flow, root) = await blocked(device)
            let cover = MainController()
            cover.modalPresentationStyle = .fullScreen
            root.present(cover, animated: false)
            #expect(root.viewIfLoaded?.window == nil, "UIKit takes the covered root out of the window")
            #expect(device.gateWindow != nil, "the block stays above the cover")
            #expect(flow.state.isBlocking)
        }

        @Test("SwiftUI: the view leaving its window under a full-screen cover the app presented keeps the block; leaving for good takes it down")
        func swiftUIOwnerLeftUnderCover() throws {
            // What LaunchGateView's window does in onDisappear (AboveAppWindow), with the app's
            // hosting controller as the app window's root.
            let device = UIHarness()
            let appRoot = MainController()
            device.appWindow.rootViewController = appRoot
            device.appWindow.makeKeyAndVisible()
            let gate = GateWindow()
            gate.appWindow = device.appWindow
            #expect(gate.show(UIViewController(), takesKey: true, theme: .system))
            let cover = MainController()
            cover.modalPresentationStyle = .fullScreen
            appRoot.present(cover, animated: false)

            gate.ownerLeft()
            #expect(gate.isShown, "the block stays above the cover")
            #expect(device.gateWindow != nil)
            #expect(!device.appWindow.isUserInteractionEnabled, "and the app's window still takes no touches")
            #expect(device.appWindow.accessibilityElementsHidden)

            cover.dismiss(animated: false)
            gate.ownerLeft()
            #expect(!gate.isShown, "with nothing presented, the view has left for good")
            #expect(device.gateWindow == nil)
            #expect(device.appWindow.isUserInteractionEnabled)
        }

        @Test("let go with a blocking screen up under the app's full-screen cover, the window above the app cleans up as hide() does: key, VoiceOver, what was presented on it, Dark Mode")
        func releasedWithTheScreenUp() async throws {
            // A SwiftUI view that left for good while the app presented something: ownerLeft()
            // keeps the block, and the view's @State lets the GateWindow go.
            let device = UIHarness()
            let appRoot = MainController()
            device.appWindow.rootViewController = appRoot
            device.appWindow.makeKeyAndVisible()
            var gate: GateWindow? = GateWindow()
            gate?.appWindow = device.appWindow
            #expect(gate?.show(UIViewController(), takesKey: true, theme: .system) == true)
            let gateWindow = try #require(device.gateWindow)
            #expect(device.scene.keyWindow === gateWindow, "a blocking screen takes key")
            let sheet = try #require(ConsentSheet.presentOnKeyWindow(of: device.scene), "an SDK's sheet on the key window")
            let cover = MainController()
            cover.modalPresentationStyle = .fullScreen
            appRoot.present(cover, animated: false)
            gate?.ownerLeft()
            #expect(gate?.isShown == true)
            let posted = UIAccessibility.standInPosted.count

            gate = nil
            await device.settle { sheet.didDisappear && gateWindow.rootViewController == nil }
            #expect(gateWindow.isHidden)
            #expect(device.appWindow.isUserInteractionEnabled && !device.appWindow.accessibilityElementsHidden)
            #expect(device.scene.keyWindow === device.appWindow, "the app's window has key again")
            #expect(UIAccessibility.standInPosted.dropFirst(posted).contains { $0.notification == .screenChanged },
                    "VoiceOver leaves the hidden window's elements")
            #expect(sheet.didDisappear, "the sheet presented on it was dismissed, hearing that it went")
            #expect(gateWindow.rootViewController == nil)
            device.scene.standInUserInterfaceStyle = .dark
            #expect(gateWindow.overrideUserInterfaceStyle == .light, "the window no longer follows the app into Dark Mode")
        }

        @Test("a recommended update goes above the app without taking key: a consent form presented meanwhile lands on the app and stays")
        func recommendedDoesNotTakeKey() async throws {
            let device = UIHarness()
            let flow = device.flow()
            device.answer(recommended: "2.0.0", latest: "2.0.0")
            let root = device.launch(flow)
            await flow.start()
            await device.settle { device.gateWindow != nil }
            guard case .updateRecommended = flow.state else {
                Issue.record("expected a recommended update, got \(flow.state)")
                return
            }
            #expect(device.scene.keyWindow === device.appWindow)
            let sheet = try #require(ConsentSheet.presentOnKeyWindow(of: device.scene))
            #expect(sheet.presentingViewController === root, "on the app, not on the screen above it")
            #expect(flow.dismiss(), "Not Now")
            await device.settle { device.gateWindow == nil }
            #expect(!sheet.didDisappear, "the form outlives the screen")
        }
    }
}
