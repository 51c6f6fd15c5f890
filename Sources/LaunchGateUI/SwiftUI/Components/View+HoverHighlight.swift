#if canImport(SwiftUI)
import SwiftUI

extension View {
    /// The highlight that shows which button someone looks at on visionOS, or points at with an
    /// iPad's pointer. The system's buttons draw it themselves; a custom `ButtonStyle` such as
    /// ``LinkButtonStyle`` or ``PrimaryButtonStyle`` has none, so without this nothing on a
    /// LaunchGate screen would answer a look. It is drawn in the button's own shape, and not while
    /// the button can't be used, as with the system's. macOS and watchOS have no hover effect, and
    /// tvOS keeps the system's buttons.
    /// - Parameters:
    ///   - cornerRadius: The corner radius of the highlighted shape, in points.
    ///   - isEnabled: Whether the button can be used now.
    /// - Returns: The view.
    @ViewBuilder
    func hoverHighlight(cornerRadius: Double, isEnabled: Bool) -> some View {
        #if os(iOS) || os(visionOS)
        contentShape(.hoverEffect, RoundedRectangle(cornerRadius: cornerRadius))
            .hoverEffect(.highlight, isEnabled: isEnabled)
        #else
        self
        #endif
    }
}
#endif
