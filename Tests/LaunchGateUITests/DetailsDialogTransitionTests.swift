import Foundation
import LaunchGate
import LaunchGateTesting
@testable import LaunchGateUI
import Testing
import UIKit

extension AdapterTests {
    @MainActor
    @Suite("The details dialog waits for a presentation or dismissal under way, which UIKit would refuse or drop")
    struct DetailsDialogTransitionTests {
        /// The app with the banner up, and animated transitions that take time from now on.
        private func bannerUp(_ device: UIHarness) async -> (LaunchFlow, LaunchGateViewController) {
            let flow = device.flow()
            device.answer(latest: "1.6.0")
            let root = device.launch(flow)
            await flow.start()
            await device.settle { root.children.count == 2 }
            device.scene.standInDefersTransitions = true
            return (flow, root)
        }

        // MARK: Tests

        @Test("details the flow closes while the dialog is still animating in are dismissed once it is in, not dropped")
        func closedWhilePresenting() async throws {
            let device = UIHarness()
            let (flow, root) = await bannerUp(device)
            flow.showDetails()
            await device.settle { root.presentedViewController != nil }
            let dialog = try #require(root.presentedViewController)
            #expect(dialog.isBeingPresented)

            flow.dismiss()
            await device.settle { flow.state.gateScreen == nil }
            await device.settle()
            #expect(dialog.standInDroppedDismissals.isEmpty, "no dismissal was asked for while it was animating in")
            device.scene.standInFinishTransitions()   // the dialog is in; its dismissal starts a turn later
            await device.settle { dialog.isBeingDismissed }
            #expect(dialog.isBeingDismissed)
            #expect(dialog.standInDroppedDismissals.isEmpty, "nor from inside the presentation's completion, while it was still being presented")
            device.scene.standInFinishTransitions()
            #expect(root.presentedViewController == nil, "the dialog the flow closed is gone")
        }

        @Test("details opened while the app's own sheet is still animating in open over it once it is in")
        func openedWhileTheAppsSheetPresents() async throws {
            let device = UIHarness()
            let (flow, root) = await bannerUp(device)
            let sheet = MainController()
            root.present(sheet, animated: true)
            #expect(sheet.isBeingPresented)

            flow.showDetails()
            await device.settle()
            #expect(sheet.standInRefusedPresentations.isEmpty, "nothing was presented on a sheet still animating in")
            device.scene.standInFinishTransitions()
            await device.settle { sheet.presentedViewController != nil }
            let dialog = try #require(sheet.presentedViewController, "the dialog is over the app's sheet")
            #expect(dialog.presentingViewController === sheet)
        }
    }
}
