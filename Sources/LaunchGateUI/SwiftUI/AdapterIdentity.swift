#if canImport(SwiftUI)
import SwiftUI
#if canImport(UIKit) && !os(watchOS)
import UIKit
#endif

/// A ``LaunchGateView``'s identity for ``DetailsPresenter``: the view is a value, so it keeps one
/// of these in `@State` for as long as its window shows it.
@MainActor
final class AdapterIdentity: DetailsHost {
    #if canImport(UIKit) && !os(watchOS)
    /// The view's window, once it is in one.
    weak var window: UIWindow?

    var detailsPresence: DetailsPresence { window.detailsPresence }
    #else
    /// macOS has no scenes in the background.
    var detailsPresence: DetailsPresence { .active }
    #endif
}
#endif
