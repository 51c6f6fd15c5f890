import Foundation
import LaunchGate
import LaunchGateTesting
@testable import LaunchGateUI
import SwiftUI
import Testing
import UIKit

extension AdapterTests {
    @MainActor
    @Suite("LaunchGateViewController on the stand-ins: the dialog's swipe, the banner's inset, the foreground, preferences")
    struct LaunchGateViewControllerTests {
        /// The app with seed 004's banner over it (1.6.0 is out; 1.5.0 runs).
        private func bannerShown(_ device: UIHarness) async -> (LaunchFlow, LaunchGateViewController) {
            let flow = device.flow()
            device.answer(latest: "1.6.0")
            let root = device.launch(flow)
            await flow.start()
            await device.settle { root.children.count == 2 }
            return (flow, root)
        }

        @Test("swiping the details dialog away is its Not Now: the flow hears it, and the banner stays away")
        func swipeDismissesDetails() async throws {
            let device = UIHarness()
            let (flow, root) = await bannerShown(device)
            guard case .app(banner: _?, details: nil) = flow.state else {
                Issue.record("expected the banner, got \(flow.state)")
                return
            }
            flow.showDetails()
            await device.settle { root.presentedViewController != nil }
            let dialog = try #require(root.presentedViewController)
            #expect(dialog.isModalInPresentation == false)
            let swiped = try #require(dialog.presentationController).standInSwipeDown()
            #expect(swiped)
            await device.settle { flow.state == .plainApp }
            #expect(flow.state == .plainApp, "the swipe reached the flow through presentationControllerDidDismiss")
            #expect(root.presentedViewController == nil)
        }

        @Test("the details sheet opens at half height, grows to full, and shows its grabber, as SwiftUI's sheet does")
        func detailsSheetShape() async throws {
            let device = UIHarness()
            let (flow, root) = await bannerShown(device)
            flow.showDetails()
            await device.settle { root.presentedViewController != nil }
            let sheet = try #require(root.presentedViewController?.sheetPresentationController)
            #expect(sheet.detents.map(\.standInIdentifier) == ["medium", "large"])
            #expect(sheet.prefersGrabberVisible, "UIKit hides the grabber unless asked")
        }

        @Test("a required update that arrives while the dialog is open closes it without a Not Now: the update is offered again once the block lifts")
        func blockClosesDialog() async throws {
            let device = UIHarness()
            let (flow, root) = await bannerShown(device)
            flow.showDetails()
            await device.settle { root.presentedViewController != nil }
            let dialog = try #require(root.presentedViewController)
            device.answer(required: "2.0.0", latest: "2.0.0")
            device.returnFromBackground()
            await device.settle { flow.state.isBlocking && root.presentedViewController == nil }
            #expect(root.presentedViewController == nil, "the dialog went")
            #expect(device.gateWindow != nil, "the block is above the app")
            #expect(dialog.presentingViewController == nil)
            // Had the dialog's going been taken as Not Now, 1.6.0 would stay hidden for days.
            device.answer(required: "1.0.0", latest: "1.6.0")
            device.returnFromBackground()
            await device.settle { !flow.state.isBlocking && root.presentedViewController != nil }
            #expect(flow.state.showsApp && flow.state.gateScreen?.targetVersion == AppVersion("1.6.0"),
                    "1.6.0 is still offered: \(flow.state)")
            #expect(root.presentedViewController != nil, "its dialog, which the block interrupted, is back")
        }

        @Test("the banner is as tall as SwiftUI lays it out at the width it has: words that wrap move the content down further; the app's own inset stays")
        func bannerInset() async throws {
            let device = UIHarness()
            let main = MainController()
            let flow = device.flow()
            device.answer(latest: "1.6.0")
            let root = device.launch(flow) { main }
            main.additionalSafeAreaInsets.top = 10   // the app's own
            root.view.standInSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
            await flow.start()
            await device.settle { root.children.count == 2 }
            let banner = try #require(root.children.last)
            #expect(banner !== main)
            // SwiftUI's layout of the banner: its words need 600 points on one line, so they wrap
            // to two at a phone's width. (Its intrinsic size, worked out at an unlimited width, is one line.)
            var widths: [CGFloat] = []
            banner.standInSizeThatFits = { size in
                widths.append(size.width)
                return CGSize(width: min(size.width, 600), height: size.width < 600 ? 96 : 64)
            }
            root.view.layoutIfNeeded()
            #expect(widths.last == 390, "measured at the safe area's width")
            #expect(main.additionalSafeAreaInsets.top == 106, "the content starts under both lines")
            let height = NSLayoutConstraint.standInActive(on: banner.view.heightAnchor)
            #expect(height.map(\.constant) == [96], "the banner's frame is that tall too, so it draws nothing past it")

            // Landscape, with the notch's insets at the sides: one line.
            root.view.frame = CGRect(x: 0, y: 0, width: 844, height: 390)
            root.view.standInSafeAreaInsets = UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47)
            root.view.layoutIfNeeded()
            #expect(widths.last == 750)
            #expect(main.additionalSafeAreaInsets.top == 74)
            #expect(height.map(\.constant) == [64])

            #expect(flow.dismiss())
            await device.settle { root.children.count == 1 }
            #expect(main.additionalSafeAreaInsets.top == 10, "only the banner's share is taken back")
        }

        @Test("coming back from the background re-checks; Control Center or Face ID (inactive and active again) doesn't")
        func foregroundRecheck() async {
            let device = UIHarness()
            let flow = device.flow()
            device.answer()
            _ = device.launch(flow)
            await flow.start()
            #expect(device.transport.requests(to: device.policyURL).count == 1)
            device.answer(required: "2.0.0", latest: "2.0.0")
            // Control Center pulled down and up: UIKit says the app resigns and becomes active, no more.
            NotificationCenter.default.post(name: UIApplication.willResignActiveNotification, object: nil)
            NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: nil)
            await device.settle()
            #expect(device.transport.requests(to: device.policyURL).count == 1, "no re-check for an app that only went inactive")
            #expect(!flow.state.isBlocking)
            // Home, then back: the app went through the background.
            NotificationCenter.default.post(name: UIApplication.didEnterBackgroundNotification, object: nil)
            device.returnFromBackground()
            NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: nil)
            await device.settle { flow.state.isBlocking }
            #expect(device.transport.requests(to: device.policyURL).count == 2)
            #expect(flow.state.isBlocking)
        }

        @Test("the root gives the status bar, home indicator, gestures and rotation to the app's main controller")
        func forwardsPreferences() async {
            let device = UIHarness()
            let main = MainController()
            main.orientations = .portrait
            let flow = device.flow()
            device.answer()
            let root = device.launch(flow) { main }
            await flow.start()
            #expect(root.childForStatusBarStyle === main)
            #expect(root.childForStatusBarHidden === main)
            #expect(root.childForHomeIndicatorAutoHidden === main)
            #expect(root.childForScreenEdgesDeferringSystemGestures === main)
            #expect(root.supportedInterfaceOrientations == .portrait)
            #expect(root.standInAppearanceUpdates.contains("orientations"), "UIKit was told to ask again once main was there")
        }

        @Test("while sign-in is drawn in the root's own view, the status bar reads on the theme's background, even in Dark Mode")
        func signInOwnsStatusBar() async {
            let device = UIHarness()
            device.scene.standInUserInterfaceStyle = .dark
            let flow = LaunchFlow(updates: nil, signIn: device.signIn())
            let root = LaunchGateViewController(flow: flow, theme: .playful) { MainController() }
            device.appWindow.rootViewController = root
            device.appWindow.makeKeyAndVisible()
            guard case .signingIn = flow.state else {
                Issue.record("expected sign-in, got \(flow.state)")
                return
            }
            #expect(root.children.count == 1 && root.mainViewController == nil, "sign-in is the root's child")
            #expect(root.childForStatusBarStyle == nil, "the root answers, not the hosting controller's .default")
            #expect(root.preferredStatusBarStyle == .darkContent, "dark text on turquoise, not white")
            #expect(root.childForStatusBarHidden === root.children.first, "whether it shows is still the screen's")
        }
    }
}

extension AdapterTests {
    @MainActor
    @Suite("One flow per process, and seed 000's foreground rule")
    struct SharedFlowTests {
        @Test("two windows with the same one-line setup share one flow; another setup gets its own")
        func oneFlowPerSetup() {
            let flows = SharedFlows()
            let device = UIHarness()
            var made = 0
            let make = { () -> LaunchFlow in
                made += 1
                return device.flow()
            }
            let server = URL(string: "https://updates.example.com")!
            let first = flows.flow(for: .server(server, appID: "notes", channel: .production, publicKey: "k"), orMake: make)
            let second = flows.flow(for: .server(server, appID: "notes", channel: .production, publicKey: "k"), orMake: make)
            let other = flows.flow(for: .server(server, appID: "todo", channel: .production, publicKey: "k"), orMake: make)
            #expect(first === second)
            #expect(first !== other)
            #expect(made == 2)
            #expect(SharedFlows.Key.policy(device.policyURL, publicKey: nil) != .policy(device.policyURL, publicKey: "k"))
        }

        @Test("two root controllers on one flow show the same banner dismissal in both windows")
        func dismissalReachesEveryWindow() async {
            let device = UIHarness()
            let flow = device.flow()
            device.answer(latest: "1.6.0")
            let first = device.launch(flow)
            let secondWindow = device.anotherWindow()
            let second = LaunchGateViewController(flow: flow) { MainController() }
            secondWindow.rootViewController = second
            secondWindow.makeKeyAndVisible()
            await flow.start()
            await device.settle { first.children.count == 2 && second.children.count == 2 }
            #expect(first.children.count == 2 && second.children.count == 2, "both windows show the banner")
            flow.dismiss()
            await device.settle { first.children.count == 1 && second.children.count == 1 }
            #expect(first.children.count == 1 && second.children.count == 1, "a dismissal in one window reaches the other")
        }

        @Test("only a return from the background re-checks, whatever SwiftUI reports in between")
        func foregroundReturn() {
            var tracker = ForegroundReturn()
            let phases: [ScenePhase] = [.inactive, .active, .background, .active, .active, .background, .inactive, .active]
            let rechecks = phases.map { tracker.enter($0) }
            // Control Center or Face ID (inactive and back) don't re-check; background → active and
            // background → inactive → active each do, once.
            #expect(rechecks == [false, false, false, true, false, false, false, true])
        }
    }
}
