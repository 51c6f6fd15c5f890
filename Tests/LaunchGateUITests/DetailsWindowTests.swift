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

        @Test("details opened by a controller's showDetails() open in its window, though another window appeared later and both are key and active")
        func dialogFromCodeInTheCallersWindow() async throws {
            let device = UIHarness()
            let (_, first, second) = await twoWindows(device)
            let secondWindow = try #require(second.view.window)
            // Since iOS 15 every foreground scene's window is key in its own scene, and side by
            // side both scenes are active: neither says where the user is.
            #expect(device.appWindow.isKeyWindow && secondWindow.isKeyWindow)
            #expect(device.scene.activationState == .foregroundActive && secondWindow.windowScene?.activationState == .foregroundActive)
            first.showDetails()
            await device.settle { first.presentedViewController != nil }
            await device.settle()
            #expect(first.presentedViewController != nil, "the dialog opens in the caller's window")
            #expect(second.presentedViewController == nil)
        }

        @Test("PerformGateAction.showDetails(), from code in a LaunchGateView's window, opens details in that window")
        func dialogFromSwiftUICodeInItsWindow() async {
            let device = UIHarness()
            let (flow, first, second) = await twoWindows(device)
            // What `@Environment(\.performGateAction)` holds anywhere in the first window's view.
            PerformGateAction(flow: flow, adapter: first).showDetails()
            await device.settle { first.presentedViewController != nil }
            await device.settle()
            #expect(first.presentedViewController != nil)
            #expect(second.presentedViewController == nil)
        }

        @Test("details opened from code outside a window skip a window whose scene went to the background, though the user acted there last")
        func dialogFromCodeSkipsTheBackground() async {
            let device = UIHarness()
            let (flow, first, second) = await twoWindows(device)
            DetailsPresenter.process.activate(first, for: flow)
            device.scene.standInActivationState = .background
            flow.showDetails()
            await device.settle { second.presentedViewController != nil }
            await device.settle()
            #expect(second.presentedViewController != nil, "the window in the foreground gets them")
            #expect(first.presentedViewController == nil)
        }

        @Test("details opened from code outside a window go to the window the user acted in last, of those in the foreground")
        func dialogFromCodeToTheWindowActedIn() async {
            let device = UIHarness()
            let (flow, first, second) = await twoWindows(device)
            DetailsPresenter.process.activate(first, for: flow)
            flow.showDetails()
            await device.settle { first.presentedViewController != nil }
            await device.settle()
            #expect(first.presentedViewController != nil)
            #expect(second.presentedViewController == nil)
        }

        @Test("the window chosen when details open keeps them while its scene's state changes (Control Center over it)")
        func choiceKeptWhileOpen() async {
            let device = UIHarness()
            let (flow, first, second) = await twoWindows(device)
            DetailsPresenter.process.activate(first, for: flow)
            flow.showDetails()
            await device.settle { first.presentedViewController != nil }
            device.scene.standInActivationState = .foregroundInactive
            #expect(DetailsPresenter.process.presents(flow, in: first), "no re-render moves the dialog")
            #expect(!DetailsPresenter.process.presents(flow, in: second))
            await device.settle()
            #expect(first.presentedViewController != nil)
            #expect(second.presentedViewController == nil)
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

        @Test("a window restored in the background at launch, key in its own scene and added last, doesn't take details opened from code")
        func backgroundWindowKeepsOut() async {
            let device = UIHarness()
            let (flow, _, second) = await twoWindows(device)
            let restoredWindow = device.anotherWindow()
            let restored = LaunchGateViewController(flow: flow) { MainController() }
            restoredWindow.rootViewController = restored
            // As a scene delegate shows it: key in its own scene, which is in the background.
            restoredWindow.windowScene?.standInActivationState = .background
            restoredWindow.makeKeyAndVisible()
            await device.settle { restored.children.count == 2 }
            #expect(restoredWindow.isKeyWindow)
            flow.showDetails()
            await device.settle { second.presentedViewController != nil }
            await device.settle()
            #expect(second.presentedViewController != nil, "the window in use keeps them")
            #expect(restored.presentedViewController == nil)
        }

        @Test("performGateAction read outside an adapter runs nothing by itself, and runs the action on the flow it is given")
        func performOutsideAnAdapter() async {
            let device = UIHarness()
            let (flow, _, _) = await twoWindows(device)
            guard case .app(let banner?, nil) = flow.state, let showDetails = banner.primaryAction else {
                Issue.record("expected the banner, got \(flow.state)")
                return
            }
            // The environment's default, as a custom banner outside LaunchGateView reads it.
            let outside = PerformGateAction()
            await outside(showDetails)
            #expect(flow.state.gateScreen == banner, "no flow: nothing ran")
            await outside(showDetails, orOn: flow)
            guard case .app(_, _?) = flow.state else {
                Issue.record("the details didn't open on the flow given, got \(flow.state)")
                return
            }
        }

        @Test("performGateAction called as a button's action calls it, synchronously, claims the dialog for its window at once and opens it there")
        func synchronousPerform() async {
            let device = UIHarness()
            let (flow, first, second) = await twoWindows(device)
            guard case .app(let banner?, nil) = flow.state, let showDetails = banner.primaryAction else {
                Issue.record("expected the banner, got \(flow.state)")
                return
            }
            #expect(!DetailsPresenter.process.presents(flow, in: first), "the second window, added last, would get them")
            Self.buttonAction(PerformGateAction(flow: flow, adapter: first), showDetails)
            #expect(DetailsPresenter.process.presents(flow, in: first), "claimed before the call returns")
            await device.settle { first.presentedViewController != nil }
            await device.settle()
            #expect(first.presentedViewController != nil)
            #expect(second.presentedViewController == nil)
        }

        /// What a SwiftUI button's action does with it: a synchronous call.
        private static func buttonAction(_ perform: PerformGateAction, _ action: GateAction) {
            perform(action)
        }

        @Test("Not Now on the banner another window kept closes the dialog where it is open, without moving it there first")
        func notNowDoesNotMoveTheDialog() async {
            let device = UIHarness()
            let (flow, first, second) = await twoWindows(device)
            guard case .app(let banner?, nil) = flow.state, let notNow = banner.secondaryAction, notNow.role == .dismiss else {
                Issue.record("expected the banner with Not Now, got \(flow.state)")
                return
            }
            first.showDetails()
            await device.settle { first.presentedViewController != nil }
            await device.settle()
            // The second window's banner button, run as VoiceOver activates it.
            await PerformGateAction(flow: flow, adapter: second)(notNow)
            #expect(DetailsPresenter.process.presents(flow, in: first), "the dialog wasn't claimed for the second window")
            await device.settle { first.presentedViewController == nil }
            await device.settle()
            #expect(first.presentedViewController == nil, "it closed where it was")
            #expect(second.presentedViewController == nil, "and never opened in the second window")
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
