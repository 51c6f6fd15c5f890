#if canImport(UIKit) && !os(watchOS)
import UIKit

extension Optional where Wrapped == UIWindow {
    /// Where the window's scene is, for ``DetailsPresenter``: a window not (yet) in a scene, or in a
    /// scene that isn't in the foreground, is in the background.
    @MainActor
    var detailsPresence: DetailsPresence {
        switch self?.windowScene?.activationState {
        case .foregroundActive: .active
        case .foregroundInactive: .inactive
        default: .background
        }
    }
}
#endif
