import Foundation
@testable import LaunchGate
import LaunchGateTesting
@testable import LaunchGateUI
import StoreKit
import Testing
import UIKit

extension AdapterTests {
    @MainActor
    @Suite("The storefront follows StoreKit's changes while the app runs, and stops following with its owner")
    struct StorefrontFollowingTests {
        // MARK: Tests

        @Test("a storefront the user switches to while the app runs reaches the update check; a code the App Store doesn't list changes nothing")
        func followsChanges() async {
            let device = UIHarness()
            let flow = device.flow()
            device.answer()
            let before = StoreKit.Storefront.standInFollowers
            let root = device.launch(flow)
            await device.settle { StoreKit.Storefront.standInFollowers == before + 1 }
            StoreKit.Storefront.standInChange(to: StoreKit.Storefront(standInID: "143442", countryCode: "FRA"))
            await device.settle { flow.updates?.storefront != nil }
            #expect(flow.updates?.storefront == LaunchGate.Storefront("fr"), "without a return to the foreground")
            StoreKit.Storefront.standInChange(to: StoreKit.Storefront(standInID: "0", countryCode: "XXX"))
            await device.settle()
            #expect(flow.updates?.storefront == LaunchGate.Storefront("fr"))
            withExtendedLifetime(root) {}
        }

        @Test("a released UIKit controller lets its flow go at once, though StoreKit's wait may outlive the cancelled task; the wait ends at the next change (review s14, I1)")
        func endsWithController() async {
            let device = UIHarness()
            let before = StoreKit.Storefront.standInFollowers
            var (root, weakFlow) = Self.controllerOwningItsFlow(device)
            await device.settle { StoreKit.Storefront.standInFollowers == before + 1 }
            #expect(StoreKit.Storefront.standInFollowers == before + 1, "it follows while the controller lives")
            withExtendedLifetime(root) {}
            root = nil
            await device.settle { weakFlow.flow == nil }
            #expect(weakFlow.flow == nil, "the waiting loop holds the flow only weakly")
            StoreKit.Storefront.standInChange(to: StoreKit.Storefront(standInID: "143442", countryCode: "FRA"))
            // `<=`: loops left waiting by earlier tests, whose flows are gone too, leave with this one.
            await device.settle { StoreKit.Storefront.standInFollowers <= before }
            #expect(StoreKit.Storefront.standInFollowers <= before, "the loop leaves at the next change, its flow gone")
        }

        @Test("a flow whose StoreKit storefront hasn't answered yet is let go with its controller, and the read ends when StoreKit answers (review s14, K7)")
        func letsGoWhileStoreKitWaits() async {
            let device = UIHarness()
            StoreKit.Storefront.standInHoldsCurrent = true
            var (root, weakFlow) = Self.controllerOwningItsFlow(device)
            await device.settle()
            withExtendedLifetime(root) {}
            root = nil
            await device.settle { weakFlow.flow == nil }
            #expect(weakFlow.flow == nil, "the read of the current storefront holds the flow only weakly")
            // StoreKit answers at last: the read finds no flow and ends, as does its follow loop.
            let before = StoreKit.Storefront.standInFollowers
            StoreKit.Storefront.standInChange(to: StoreKit.Storefront(standInID: "143442", countryCode: "FRA"))
            await device.settle()
            #expect(StoreKit.Storefront.standInFollowers <= before)
        }

        // MARK: Helpers

        /// A loaded controller that alone keeps its flow (answered, so the launch settles), and the
        /// flow held weakly, to see when the controller's release lets it go.
        private static func controllerOwningItsFlow(_ device: UIHarness) -> (LaunchGateViewController?, WeakFlow) {
            let flow = device.flow()
            device.answer()
            let root = LaunchGateViewController(flow: flow) { MainController() }
            root.loadViewIfNeeded()
            return (root, WeakFlow(flow))
        }
    }
}
