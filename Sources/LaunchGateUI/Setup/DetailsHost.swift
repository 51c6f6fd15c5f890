#if canImport(SwiftUI) || canImport(UIKit)
/// Where an adapter's window is, for ``DetailsPresenter``: in a scene in the foreground and active,
/// in the foreground but inactive (Control Center over it), or not in the foreground.
enum DetailsPresence {
    case active, inactive, background
}

/// An adapter that can show a flow's details dialog (a ``LaunchGateViewController``, a
/// ``LaunchGateView``'s ``AdapterIdentity``).
@MainActor
protocol DetailsHost: AnyObject {
    /// Where its window is now.
    var detailsPresence: DetailsPresence { get }
}
#endif
