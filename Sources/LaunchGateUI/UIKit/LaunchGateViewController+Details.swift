#if canImport(UIKit) && !os(watchOS)
import LaunchGate
import UIKit

extension LaunchGateViewController: DetailsHost {
    /// Opens the update banner's details dialog in this controller's window, as the banner's button
    /// does: call it from your own code in this window (a "What's new" menu item) rather than the
    /// flow's ``LaunchFlow/showDetails()``, which, called outside a window (a push handler), opens
    /// the dialog in a window whose scene is in the foreground, since iOS doesn't say which window
    /// of an iPad app the user is in. Does nothing while the flow shows no banner.
    public func showDetails() {
        DetailsPresenter.process.activate(self, for: flow)
        flow.showDetails()
    }

    var detailsPresence: DetailsPresence { viewIfLoaded?.window.detailsPresence ?? .background }
}
#endif
