#if canImport(SwiftUI)
import SwiftUI

extension View {
    /// A full-size secondary button's look: ``OutlinedButtonStyle``, except on tvOS, where a custom
    /// style would take away the system's focus lift (see `linkButton(_:font:)`): there the
    /// system's button, the same size as the destructive one above it, keeps it.
    /// - Parameters:
    ///   - styles: The theme's styles.
    ///   - cornerRadius: The theme's corner radius, in points.
    /// - Returns: The view.
    @ViewBuilder
    func outlinedButton(_ styles: ThemeStyles, cornerRadius: Double) -> some View {
        #if os(tvOS)
        self
        #else
        buttonStyle(OutlinedButtonStyle(styles: styles, cornerRadius: cornerRadius))
        #endif
    }
}
#endif
