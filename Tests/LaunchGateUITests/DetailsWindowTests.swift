import Foundation
import LaunchGate
import LaunchGateTesting
@testable import LaunchGateUI
import Testing
import UIKit

extension AdapterTests {
    @MainActor
    @Suite("The details dialog on an iPad with several windows: one window shows it, the others keep the banner")
    struct DetailsWindowTests {
        /// Two windows of one app (two scenes), each with its root controller on the one flow, both
        /// showing the banner; the second appeared last.
        private func twoWindows(_ device: UIHarness) async -> (LaunchFlow, LaunchGateViewController, LaunchGateViewController) {
            let flow = device.flow()
            device.answer(latest: "1.6.0")
            let first = device.launch(flow)
            let secondWindow = device.anotherWindow()
            let second = LaunchGateViewController(flow: flow) { MainController() }
            secondWindow.rootViewController = second
            secondWindow.makeKeyAndVisible()
            await flow.start()
            await device.settle { first.children.count == 2 && second.children.count == 2 }
            return (flow, first, second)
        }

        // MARK: Tests

        @Test("a tap on the banner in one window opens the dialog there alone; the other window keeps its banner")
        func dialogInTheTappedWindow() async throws {
            let device = UIHarness()
            let (flow, first, second) = await twoWindows(device)
            // What the banner's tap does in the first window (claimsDetails), then its button's action.
            DetailsPresenter.process.activate(first, for: flow)
            flow.showDetails()
            await device.settle { first.presentedViewController != nil }
            await device.settle()
            #expect(first.presentedViewController != nil, "the dialog opens where the banner was tapped")
            #expect(second.presentedViewController == nil, "and not in the other window")
            #expect(second.children.count == 2, "which keeps its banner")
            #expect(first.children.count == 1, "the tapped window's banner gives way to its dialog")
        }

        @Test("details opened from code go to the window that became key last")
        func dialogFromCode() async {
            let device = UIHarness()
            let (flow, first, second) = await twoWindows(device)
            flow.showDetails()
            await device.settle { second.presentedViewController != nil }
            await device.settle()
            #expect(second.presentedViewController != nil)
            #expect(first.presentedViewController == nil)
        }

        @Test("the banner's button, activated without a tap (VoiceOver, Switch Control, a keyboard), opens the dialog in its own window")
        func dialogFromTheButtonsAction() async throws {
            let device = UIHarness()
            let (flow, first, second) = await twoWindows(device)
            guard case .app(let banner?, nil) = flow.state, let showDetails = banner.primaryAction else {
                Issue.record("expected the banner, got \(flow.state)")
                return
            }
            // What the first window's banner button runs (GateBannerView, through the environment
            // claimsDetails sets), with no tap gesture before it; the second window is the key one.
            await PerformGateAction(flow: flow, adapter: first)(showDetails)
            await device.settle { first.presentedViewController != nil }
            await device.settle()
            #expect(first.presentedViewController != nil, "the dialog opens where the button was activated")
            #expect(second.presentedViewController == nil)
        }

        @Test("details opened from code go to the window the user turned to: its window became key, or its scene active")
        func dialogFollowsTheWindowInUse() async throws {
            let device = UIHarness()
            let (flow, first, second) = await twoWindows(device)
            // The user turns back to the first window's scene.
            device.scene.standInActivate()
            await device.settle { DetailsPresenter.process.presents(flow, in: first) }
            flow.showDetails()
            await device.settle { first.presentedViewController != nil }
            await device.settle()
            #expect(first.presentedViewController != nil)
            #expect(second.presentedViewController == nil)
            flow.dismiss()
            await device.settle { first.presentedViewController == nil }

            // Then to the second window: it becomes key again (after an alert window of its own had key).
            let secondWindow = try #require(second.view.window)
            let alertWindow = UIWindow(windowScene: try #require(secondWindow.windowScene))
            alertWindow.makeKeyAndVisible()
            secondWindow.makeKey()
            await device.settle { DetailsPresenter.process.presents(flow, in: second) }
            #expect(DetailsPresenter.process.presents(flow, in: second))
            #expect(!DetailsPresenter.process.presents(flow, in: first))
        }

        @Test("a window that appears in the background (restored at launch) doesn't take details opened from code")
        func backgroundWindowKeepsOut() async {
            let device = UIHarness()
            let (flow, _, second) = await twoWindows(device)
            let restoredWindow = device.anotherWindow()
            let restored = LaunchGateViewController(flow: flow) { MainController() }
            restoredWindow.rootViewController = restored
            restoredWindow.isHidden = false   // shown, never key, its scene never active
            await device.settle { restored.children.count == 2 }
            flow.showDetails()
            await device.settle { second.presentedViewController != nil }
            await device.settle()
            #expect(second.presentedViewController != nil, "the window in use keeps them")
            #expect(restored.presentedViewController == nil)
        }

        @Test("a tap on the kept banner moves the dialog to that window, without a Not Now")
        func dialogMoves() async {
            let device = UIHarness()
            let (flow, first, second) = await twoWindows(device)
            DetailsPresenter.process.activate(first, for: flow)
            flow.showDetails()
            await device.settle { first.presentedViewController != nil }
            DetailsPresenter.process.activate(second, for: flow)
            await device.settle { second.presentedViewController != nil && first.presentedViewController == nil }
            #expect(second.presentedViewController != nil)
            #expect(first.presentedViewController == nil)
            guard case .app(nil, _?) = flow.state else {
                Issue.record("the details are still open, got \(flow.state)")
                return
            }
            #expect(first.children.count == 2, "the first window shows its banner again")
        }

        @Test("a dialog whose window closes goes to the window used before it")
        func windowCloses() {
            let device = UIHarness()
            let flow = device.flow()
            let presenter = DetailsPresenter()
            let kept = AdapterIdentity()
            var closed: AdapterIdentity? = AdapterIdentity()
            presenter.activate(kept, for: flow)
            presenter.activate(closed!, for: flow)
            #expect(presenter.presents(flow, in: closed!))
            #expect(!presenter.presents(flow, in: kept))
            closed = nil
            #expect(presenter.presents(flow, in: kept))
            #expect(!presenter.presents(device.flow(), in: kept), "another flow's dialog is nobody's yet")
        }
    }
}
