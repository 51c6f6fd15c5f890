#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

extension View {
    /// Gives a banner ``PerformGateAction``, which claims the details dialog for the banner's
    /// window (``DetailsPresenter``) in its buttons' actions, however they were activated, and
    /// makes a tap anywhere on it claim it too, so the dialog opens there and not in every window
    /// that shares the flow. The tap still reaches the banner's buttons; it covers a tap on a
    /// custom banner that calls the flow's `perform(_:)` or `showDetails()` itself.
    /// - Parameters:
    ///   - flow: The flow whose banner this is.
    ///   - adapter: The window's adapter, held weakly.
    /// - Returns: The view.
    func claimsDetails(of flow: LaunchFlow, for adapter: some DetailsHost & Sendable) -> some View {
        simultaneousGesture(TapGesture().onEnded { [weak adapter] in
            guard let adapter else { return }
            DetailsPresenter.process.activate(adapter, for: flow)
        })
        .environment(\.performGateAction, PerformGateAction(flow: flow, adapter: adapter))
    }
}
#endif
