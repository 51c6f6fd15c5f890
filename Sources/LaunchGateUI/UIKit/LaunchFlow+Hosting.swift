#if canImport(UIKit) && !os(watchOS)
import LaunchGate
import SwiftUI
import UIKit

extension LaunchFlow {
    /// A hosting controller for one of this flow's screens: the flow and the theme in its
    /// environment, and laid out in the direction of the flow's language, whatever the app's.
    /// - Parameters:
    ///   - view: The screen.
    ///   - theme: The look of the built-in screens.
    /// - Returns: The controller, for a child, a presentation or the window above the app.
    func hostingController(for view: some View, theme: LaunchGateTheme) -> UIHostingController<some View> {
        let controller = UIHostingController(rootView: view
            .environment(self)
            .launchGateTheme(theme)
            .environment(\.layoutDirection, strings.layoutDirection))
        controller.view.semanticContentAttribute = strings.semanticContentAttribute
        return controller
    }
}
#endif
