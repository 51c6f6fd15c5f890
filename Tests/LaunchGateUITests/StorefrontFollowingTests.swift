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

        @Test("the UIKit controller's following of the storefront ends when the controller is released")
        func endsWithController() async {
            let device = UIHarness()
            let before = StoreKit.Storefront.standInFollowers
            var root: LaunchGateViewController? = LaunchGateViewController(flow: device.flow()) { MainController() }
            root?.loadViewIfNeeded()
            await device.settle { StoreKit.Storefront.standInFollowers == before + 1 }
            #expect(StoreKit.Storefront.standInFollowers == before + 1, "it follows while the controller lives")
            root = nil
            await device.settle { StoreKit.Storefront.standInFollowers == before }
            #expect(StoreKit.Storefront.standInFollowers == before, "the controller's deinit cancels the task")
        }
    }
}
