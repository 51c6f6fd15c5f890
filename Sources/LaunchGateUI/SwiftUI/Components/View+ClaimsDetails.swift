#if canImport(SwiftUI)
import LaunchGate
import SwiftUI

extension View {
    /// Makes a tap anywhere on a banner, on its own buttons too, claim the details dialog for the
    /// banner's window (``DetailsPresenter``), so the dialog opens there and not in every window
    /// that shares the flow. The tap still reaches the banner's buttons: a custom banner that calls
    /// `perform(_:)` or `showDetails()` itself is covered as the built-in one is.
    /// - Parameters:
    ///   - flow: The flow whose banner this is.
    ///   - adapter: The window's adapter, held weakly.
    /// - Returns: The view.
    func claimsDetails(of flow: LaunchFlow, for adapter: AnyObject) -> some View {
        simultaneousGesture(TapGesture().onEnded { [weak adapter] in
            guard let adapter else { return }
            DetailsPresenter.process.activate(adapter, for: flow)
        })
    }
}
#endif
